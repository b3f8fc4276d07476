/**
 * The server's entry points compiled to plain JavaScript (`npm run build`, after `react-router build`; ADR 042), so that
 * the image boots with `node build/host/serve.js`: no TypeScript compiled at every start (tsx took 7–10 s to healthy
 * against Fly's 10 s grace period) and no tsx in the production tree.
 *
 * esbuild bundles each entry point with what it imports from host/, app/ and scripts/ into one ES module; packages stay
 * imports, resolved from node_modules at run time (the image's production tree); the options are
 * scripts/lib/server-bundle.ts' (the integration tests bundle their worker processes with them too).
 * - build/host/: serve, worker, migrate (the release command), ledger-verify and reencrypt: what production runs. The
 *   sandbox doubles are left out (an import of sandbox/ stays an import, of a file the image does not have) and the
 *   build fails if any of their code got in anyway.
 * - build/demo/start.js: the deployed demo (the Dockerfile's `demo` target): `npm start`'s stack, the doubles included.
 * Source maps beside each file.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { build, type Metafile, type Plugin } from "esbuild";
import { serverBundleOptions, serverRoot } from "./lib/server-bundle.ts";

const root = serverRoot;
const { dependencies } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> };

const common = serverBundleOptions;

/** Production entries: any import of sandbox/ stays an import (and fails if ever run, as the image has no sandbox/). */
const withoutSandbox: Plugin = {
  name: "without-sandbox",
  setup(build) {
    build.onResolve({ filter: /(^|\/)sandbox\// }, (args) => {
      const resolved = path.resolve(args.resolveDir, args.path);
      if (!resolved.startsWith(path.join(root, "sandbox") + path.sep)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

function inputsUnder(metafile: Metafile, folder: string) {
  return Object.keys(metafile.inputs).filter((input) => input.startsWith(`${folder}/`));
}

/**
 * The packages a build imports that the image's production tree (`npm install --omit=dev`) lacks: a devDependency
 * reached from server code would boot on a laptop and crash in the image.
 */
function notInProductionTree(metafile: Metafile) {
  const missing = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external || imported.path.startsWith("node:") || imported.path.startsWith(".")) continue;
      const name = imported.path.startsWith("@") ? imported.path.split("/").slice(0, 2).join("/") : imported.path.split("/")[0]!;
      if (!(name in dependencies)) missing.add(name);
    }
  }
  return [...missing];
}

const started = performance.now();
const production = await build({
  ...common,
  entryPoints: {
    serve: "scripts/serve.ts",
    worker: "scripts/worker.ts",
    migrate: "scripts/migrate.ts",
    "ledger-verify": "scripts/ledger-verify.ts",
    reencrypt: "scripts/reencrypt.ts",
  },
  outdir: "build/host",
  plugins: [withoutSandbox],
});
const leaked = inputsUnder(production.metafile, "sandbox");
if (leaked.length > 0) throw new Error(`build/host must not contain the sandbox doubles, but bundles ${leaked.join(", ")}`);

const demo = await build({ ...common, entryPoints: { start: "scripts/start.ts" }, outdir: "build/demo" });
for (const [folder, result] of [
  ["build/host", production],
  ["build/demo", demo],
] as const) {
  const missing = notInProductionTree(result.metafile);
  if (missing.length > 0) throw new Error(`${folder} imports packages that are not production dependencies: ${missing.join(", ")}`);
}

const sizes = Object.entries(production.metafile.outputs)
  .filter(([file]) => file.endsWith(".js"))
  .map(([file, output]) => `${path.basename(file)} ${Math.round(output.bytes / 1024)} KiB`);
console.log(`server entry points compiled to build/host (${sizes.join(", ")}) and build/demo in ${Math.round(performance.now() - started)} ms`);
