/**
 * Every URL the app serves, read from app/routes.ts itself (not a copy), with its route module and the modules of its
 * parent layouts: what the tests that must cover every route (request bodies, the authorization matrix) walk. A route
 * added to app/routes.ts appears here without anyone touching the tests.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";

export type RouteModule = { loader?: (args: any) => unknown; action?: (args: any) => unknown; default?: unknown };

export type RouteEntry = {
  /** The URL pattern as React Router matches it: "/", "/groups/:groupId", "/profile", "/*". */
  pattern: string;
  file: string;
  module: RouteModule;
  /** Layout routes above this one, outermost first (root.tsx excluded: it guards nothing). */
  parents: RouteModule[];
};

export async function appRoutes(): Promise<RouteEntry[]> {
  const config = (await import("../../app/routes")).default as RouteConfigEntry[];
  const entries: RouteEntry[] = [];
  const walk = async (routes: RouteConfigEntry[], base: string, parents: RouteModule[]) => {
    for (const route of routes) {
      const pattern = route.index ? base || "/" : `${base}/${route.path ?? ""}`.replace(/\/+$/, "") || "/";
      const module = (await import(`../../app/${route.file}`)) as RouteModule;
      if (route.children?.length) {
        // A layout with an index child: the index is the page at this URL; the layout itself is only a parent.
        await walk(route.children, pattern === "/" ? "" : pattern, [...parents, module]);
        if (!route.children.some((child) => child.index)) entries.push({ pattern, file: route.file, module, parents });
      } else {
        entries.push({ pattern, file: route.file, module, parents });
      }
    }
  };
  await walk(config, "", []);
  return entries;
}

/** A concrete path for a pattern: `:name` from params (a missing one is an error), `*` as "no-such-page". */
export function pathFor(pattern: string, params: Record<string, string>): string {
  return pattern
    .split("/")
    .map((segment) => {
      if (segment === "*") return "no-such-page";
      if (!segment.startsWith(":")) return segment;
      const value = params[segment.slice(1).replace(/\?$/, "")];
      if (value === undefined) throw new Error(`no value for ${segment} in ${pattern}: add it to the test's params`);
      return encodeURIComponent(value);
    })
    .join("/");
}

/** The params object React Router would pass for a concrete path. */
export function paramsFor(pattern: string, path: string): Record<string, string> {
  const params: Record<string, string> = {};
  const patternParts = pattern.split("/");
  const pathParts = path.split("/");
  patternParts.forEach((segment, index) => {
    if (segment.startsWith(":")) params[segment.slice(1)] = decodeURIComponent(pathParts[index]!);
    if (segment === "*") params["*"] = pathParts.slice(index).join("/");
  });
  return params;
}
