/**
 * Pre-compressed client assets (issue 15, ADR 022): after the client build writes its files, each compressible one
 * gets a `.gz` beside it (Zopfli: an ordinary gzip stream any browser reads, a few percent smaller than zlib's best)
 * and a `.br` (Brotli at its highest quality). host/app.ts serves them with express-static-gzip, so no request for a
 * script or stylesheet spends CPU on compression, and every byte is compressed once, at build time, as hard as it can
 * be. Only the client build: the server bundle is never sent to a browser.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);

/** Text formats worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|html|webmanifest|map)$/;
/** Zopfli's iterations: 15 is its default; on our largest chunk 1 gives 109,263 bytes, 5 gives 109,163, at 70% of the time. */
const ZOPFLI_ITERATIONS = 1;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.gz` and `<file>.br` for every compressible file under `dir`, however small (a copy is only kept when it
 * is smaller than the file); returns how many files it compressed.
 */
export async function precompressDirectory(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  let compressed = 0;
  // One at a time: Zopfli is CPU-bound WebAssembly on the build's only thread either way.
  for (const file of files) {
    const source = await readFile(file);
    // Brotli runs on libuv's thread pool while Zopfli runs here.
    const brotliDone = brotli(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    });
    const gzip = await gzipAsync(source, { numiterations: ZOPFLI_ITERATIONS });
    const br = await brotliDone;
    // A copy that is not smaller is not worth serving; express-static-gzip then sends the file itself.
    if (gzip.length < source.length) await writeFile(`${file}.gz`, gzip);
    if (br.length < source.length) await writeFile(`${file}.br`, br);
    compressed += 1;
  }
  return compressed;
}

/** The Vite plugin: runs once the client environment's bundle is on disk. */
export function precompress(): Plugin {
  return {
    name: "rosca:precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options) {
      if (!options.dir) return;
      const started = performance.now();
      const count = await precompressDirectory(options.dir);
      this.environment.logger.info(`precompressed ${count} files (gzip by Zopfli, Brotli) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    },
  };
}
