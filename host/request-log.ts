/**
 * Request observability for the Express server (host/app.ts): one JSON log line per request (pino-http) with the
 * method, the React Router route id, the status, the duration and the request id, and the same request in the
 * rosca_http_request_duration_seconds histogram (app/server/platform/metrics.server.ts).
 *
 * The request id is the caller's X-Request-Id when it is a sane token (what a proxy or a client sends to correlate),
 * otherwise Fly's Fly-Request-Id, otherwise a new UUID; it is returned in the X-Request-Id response header and added to
 * every line logged while the request runs (AsyncLocalStorage, app/server/platform/log.server.ts).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { matchRoutes, type ServerBuild } from "react-router";
import { logger, withLogContext } from "../app/server/platform/log.server.ts";
import { observeHttpRequest } from "../app/server/platform/metrics.server.ts";
import { pagePath } from "../app/server/platform/page-location.server.ts";

/** Letters, digits and . _ : - only, at most 128: anything else (spaces, newlines, quotes) is replaced by a new id. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(headers: IncomingMessage["headers"]): string {
  for (const name of ["x-request-id", "fly-request-id"]) {
    const value = headers[name];
    if (typeof value === "string" && REQUEST_ID.test(value)) return value;
  }
  return randomUUID();
}

type RouteNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteNode[] };
type RouteTree = RouteNode[];
const trees = new WeakMap<ServerBuild["routes"], RouteTree>();

/** The build's flat route manifest as the nested tree matchRoutes() expects (cached per build). */
function routeTree(build: ServerBuild): RouteTree {
  let tree = trees.get(build.routes);
  if (tree) return tree;
  type ManifestRoute = NonNullable<ServerBuild["routes"][string]>;
  const byParent = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const children = (parentId: string | undefined): RouteTree =>
    (byParent.get(parentId) ?? []).map(
      (route): RouteNode =>
        route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: children(route.id) },
    );
  tree = children(undefined);
  trees.set(build.routes, tree);
  return tree;
}

/**
 * The id of the deepest route that handles `pathname` ("routes/groups.$groupId"), also for single-fetch data requests
 * ("/groups/x.data", "/_.data"); null when nothing matches.
 */
export function routeIdFor(build: ServerBuild, pathname: string): string | null {
  if (!build.routes) return null;
  // matchRoutes flattens and compiles the whole route tree on every call (a visible share of a request's CPU), and
  // most requests repeat a path: remembered per build, a bounded number of paths at a time.
  let known = routeIds.get(build.routes);
  if (!known) {
    known = new Map();
    routeIds.set(build.routes, known);
  }
  const remembered = known.get(pathname);
  if (remembered !== undefined) return remembered;
  const matches = matchRoutes(routeTree(build) as Parameters<typeof matchRoutes>[0], pagePath(pathname));
  const id = (matches?.[matches.length - 1]?.route as RouteNode | undefined)?.id ?? null;
  if (known.size >= ROUTE_ID_PATHS) known.clear();
  known.set(pathname, id);
  return id;
}
const ROUTE_ID_PATHS = 10_000;
const routeIds = new WeakMap<ServerBuild["routes"], Map<string, string | null>>();

/** The label for the duration histogram and the log line: the route id, "static" or "unmatched". */
function routeLabel(req: IncomingMessage): string {
  const request = req as Request;
  return request.routeLabel ?? request.routeId ?? "unmatched";
}

function pathOf(req: IncomingMessage) {
  // The path only: query strings carry tokens (password reset and confirmation links).
  return ((req as Request).originalUrl ?? req.url ?? "/").split("?")[0]!;
}

declare module "express-serve-static-core" {
  interface Request {
    /** The React Router route that handles this URL (set by requestLogging before any handler runs). */
    routeId?: string;
    /** "static" while a static-file middleware wrapped by labelStatic handles the request. */
    routeLabel?: string;
  }
}

/**
 * The middleware, first in the chain. `build` is the server build, or a function returning it (the dev server's,
 * which changes on every edit).
 */
export function requestLogging(options: { build: ServerBuild | (() => Promise<ServerBuild>); logger?: Logger }) {
  const http = pinoHttp({
    logger: options.logger ?? logger,
    genReqId: (req, res) => {
      const id = requestIdFor(req.headers);
      res.setHeader("X-Request-Id", id);
      return id;
    },
    // req.log and the final line carry only { reqId } as bindings; the line's fields come from the objects below.
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: "reqId", responseTime: "durationMs" },
    customLogLevel: (req, res, error) => {
      if (error || res.statusCode >= 500) return "error";
      // Fly's health check, every 15 s per machine: kept out of the default level.
      if (pathOf(req) === "/healthz") return "debug";
      return "info";
    },
    customSuccessObject: (req, res, value: { durationMs: number }) => ({
      method: req.method,
      route: routeLabel(req),
      path: pathOf(req),
      status: res.statusCode,
      durationMs: value.durationMs,
    }),
    customErrorObject: (req, res, error, value: { durationMs: number }) => ({
      method: req.method,
      route: routeLabel(req),
      path: pathOf(req),
      status: res.statusCode,
      durationMs: value.durationMs,
      err: error,
    }),
    customSuccessMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode}`,
  });

  const build = options.build;
  return (req: Request, res: Response, next: NextFunction) => {
    const startedAt = process.hrtime.bigint();
    res.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
      observeHttpRequest({ method: req.method, route: routeLabel(req), statusCode: res.statusCode }, seconds);
    });
    http(req, res, () => {
      // Everything after this middleware runs inside the request's log context (its lines carry reqId).
      withLogContext({ reqId: String(req.id) }, () => {
        if (typeof build !== "function") {
          req.routeId = routeIdFor(build, req.path) ?? undefined;
          next();
          return;
        }
        build().then(
          (current) => {
            req.routeId = routeIdFor(current, req.path) ?? undefined;
            next();
          },
          (error: unknown) => next(error),
        );
      });
    });
  };
}

/** Wraps a static-file middleware so the requests it answers are labelled "static" rather than by route. */
export function labelStatic(middleware: (req: Request, res: Response, next: NextFunction) => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    req.routeLabel = "static";
    middleware(req, res, (error?: unknown) => {
      req.routeLabel = undefined;
      next(error);
    });
  };
}
