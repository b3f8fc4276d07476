/**
 * The message catalogues as files (ADR 059, part six (k)): `/l10n/<language>.<reader>.<hash>.js`, the file a document's
 * `<script src>` loads (app/components/i18n.tsx `CatalogueScript`). The build's entry module names and makes them
 * (`catalogueFileAt`, app/server/platform/locale.server.ts); the name carries a hash of the content, so each is cached
 * by the browser for a year like the fingerprinted assets, and compressed once per process (brotli, else gzip), not per
 * response. Before the private-by-default Cache-Control and the page queue: the same for every visitor, no session read.
 */
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import type { ServerBuild } from "react-router";

type CatalogueFile = { path: string; body: string };
type CatalogueEntry = { catalogueFileAt?: (path: string) => CatalogueFile | null };

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Compressed once per file and process: the promise is kept, so concurrent first requests share one compression. */
type Encoded = { identity: Buffer; br: Buffer; gzip: Buffer };

export const CATALOGUE_PREFIX = "/l10n/";

export function catalogueFiles(build: ServerBuild | (() => Promise<ServerBuild>)) {
  const encoded = new Map<string, Promise<Encoded>>();
  const encode = (file: CatalogueFile) => {
    let found = encoded.get(file.path);
    if (!found) {
      const identity = Buffer.from(file.body);
      found = Promise.all([brotli(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }), gzipped(identity, { level: 9 })]).then(
        ([br, gz]) => ({ identity, br, gzip: gz }),
      );
      encoded.set(file.path, found);
    }
    return found;
  };
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!req.path.startsWith(CATALOGUE_PREFIX) || (req.method !== "GET" && req.method !== "HEAD")) return next();
    try {
      const serverBuild = typeof build === "function" ? await build() : build;
      const file = (serverBuild.entry?.module as CatalogueEntry | undefined)?.catalogueFileAt?.(req.path) ?? null;
      if (!file) return next();
      const bodies = await encode(file);
      // Brotli whenever accepted (smaller), as the pre-compressed assets do; the client's order among equals is no preference.
      const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : "identity";
      const body = encoding === "br" ? bodies.br : encoding === "gzip" ? bodies.gzip : bodies.identity;
      res.setHeader("Content-Type", "text/javascript; charset=utf-8");
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.setHeader("Vary", "Accept-Encoding");
      if (encoding === "br" || encoding === "gzip") res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", String(body.length));
      res.status(200).end(req.method === "HEAD" ? undefined : body);
    } catch (error) {
      next(error);
    }
  };
}
