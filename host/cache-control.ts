/**
 * Browsers and proxies keep nothing of a page that depends on who asks (ADR 038): every answer the app gives, page,
 * data request (`.data`), redirect, error or API, leaves with `Cache-Control: private, no-store`, set as its headers
 * go out so that it holds whatever the route itself said. After logging out, Back no longer shows the profile from
 * the browser's cache, and nothing keeps the two-factor setup key or a reset form with its token.
 *
 * The one exception is an answer shared by every anonymous visitor (host/page-cache.ts's isSharedRequest: a public
 * page, GET, no query, no cookie) that sets no cookie: it keeps its cache. Static assets are served before this runs
 * and keep theirs (fingerprinted files for a year).
 */
import type { NextFunction, Request, Response } from "express";
import onHeaders from "on-headers";
import { isSharedRequest } from "./page-cache";

export const PRIVATE_NO_STORE = "private, no-store";

export function privateUnlessShared(paths: (path: string) => boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    const shared = isSharedRequest(req, paths);
    onHeaders(res, () => {
      if (shared && !res.hasHeader("set-cookie")) return;
      res.setHeader("Cache-Control", PRIVATE_NO_STORE);
    });
    next();
  };
}
