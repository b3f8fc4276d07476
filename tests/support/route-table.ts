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

/** A URL pattern of app/routes.ts, its module's file and its parent layouts' files (outermost first). */
export type RouteFile = { pattern: string; file: string; parentFiles: string[] };

/**
 * Every URL pattern of app/routes.ts with its module's file, without importing the modules (so that a test outside the
 * app's process, as the e2e tests are, can walk them too).
 */
export async function appRoutePatterns(): Promise<RouteFile[]> {
  const config = (await import("../../app/routes")).default as RouteConfigEntry[];
  const entries: RouteFile[] = [];
  const walk = (routes: RouteConfigEntry[], base: string, parentFiles: string[]) => {
    for (const route of routes) {
      const pattern = route.index ? base || "/" : `${base}/${route.path ?? ""}`.replace(/\/+$/, "") || "/";
      if (route.children?.length) {
        // A layout with an index child: the index is the page at this URL; the layout itself is only a parent.
        walk(route.children, pattern === "/" ? "" : pattern, [...parentFiles, route.file]);
        if (!route.children.some((child) => child.index)) entries.push({ pattern, file: route.file, parentFiles });
      } else {
        entries.push({ pattern, file: route.file, parentFiles });
      }
    }
  };
  walk(config, "", []);
  return entries;
}

export async function appRoutes(): Promise<RouteEntry[]> {
  const load = async (file: string) => (await import(`../../app/${file}`)) as RouteModule;
  const entries: RouteEntry[] = [];
  for (const route of await appRoutePatterns()) {
    entries.push({
      pattern: route.pattern,
      file: route.file,
      module: await load(route.file),
      parents: await Promise.all(route.parentFiles.map(load)),
    });
  }
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
