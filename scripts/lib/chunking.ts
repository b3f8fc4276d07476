/**
 * How the client build groups modules into files (issue 15, ADR 022). Every page loads the framework (React, React
 * DOM, React Router), the client entry and the root route with everything the root route imports; Rolldown's
 * automatic chunking would still cut that set into a dozen small files, one per combination of routes that shares a
 * module. Served separately, each small file is compressed on its own (a gzip stream learns nothing from the files
 * beside it), which on the landing page cost several kilobytes. So all of it goes into one `framework` chunk: no page
 * downloads anything it would not have downloaded anyway, and in fewer, better-compressed files. Code only some
 * routes use stays in Rolldown's automatic chunks.
 */
import path from "node:path";
import type { Plugin } from "vite";

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|vite[\\/]preload-helper|^\0rolldown[\\/]runtime|[\\/]app[\\/]entry\.client\.tsx$/;

export function frameworkChunk(rootModule = path.resolve("app/root.tsx")) {
  /** Ids of the modules the root route imports, directly or not, statically (filled in once the graph is known). */
  const rootImports = new Set<string>();
  const plugin: Plugin = {
    name: "rosca:framework-chunk",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      rootImports.clear();
      const pending = [rootModule];
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (rootImports.has(id)) continue;
        rootImports.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  const group = {
    name: "framework",
    test: (id: string) => FRAMEWORK.test(id) || rootImports.has(id),
    priority: 10,
  };
  return { plugin, group };
}
