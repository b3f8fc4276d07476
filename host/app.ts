/**
 * The HTTP server around the React Router build: security headers, CSRF origin check, static assets, compression.
 * Used by scripts/start.ts (demo), the Docker image (production), the e2e tests and the benchmark.
 */
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { createRequestHandler as createFetchHandler, type ServerBuild } from "react-router";
import { type AdmissionControl, admissionControl } from "./admission";
import { applyTrustProxy, clientIp, trustProxyFrom } from "./client-ip";
import onHeaders from "on-headers";
import { privateUnlessShared } from "./cache-control";
import { publicPageCache } from "./page-cache";
import { logger } from "../app/server/platform/log.server.ts";
import { requestContext } from "../app/server/platform/request-context.server.ts";
import { linkLanguageCookie, localeOfHeaders } from "../app/server/platform/locale.server.ts";
import { reportError } from "../app/server/platform/error-reporting.server.ts";
import { trackResponses } from "./shutdown.ts";
import { labelStatic, requestLogging } from "./request-log.ts";
import { sandboxLinkProxy } from "./sandbox-link-proxy.ts";
import { catalogueFiles } from "./catalogue-files.ts";

/** Pages that are the same for every anonymous visitor: served from host/page-cache.ts for a minute at a time. */
const PUBLIC_PAGES = new Set(["/", "/about", "/careers", "/blog", "/help", "/sharia", "/privacy", "/terms", "/security"]);

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence in depth, on top of SameSite=Lax cookies (ADR 002): a state-changing request that a browser marks
 * as coming from another site is refused. Requests without Origin/Sec-Fetch-Site (curl, server-to-server webhooks)
 * carry no ambient browser cookies and pass through to the route's own authentication.
 */
export function rejectCrossSiteWrites(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method)) return next();
  const origin = req.get("origin");
  const fetchSite = req.get("sec-fetch-site");
  let crossSite = fetchSite === "cross-site";
  if (origin && origin !== "null") {
    try {
      crossSite = new URL(origin).host !== req.get("host");
    } catch {
      crossSite = true;
    }
  } else if (origin === "null") {
    crossSite = true;
  }
  if (crossSite) {
    res.status(403).type("text/plain").send("Cross-site request refused.");
    return;
  }
  next();
}

/** The methods the app serves; `Allow` on every 405 (and on OPTIONS) says so. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;
const ALLOW = ALLOWED_METHODS.join(", ");

/**
 * Any other method is answered here (ADR 038): 405 with `Allow`, logged at info like any 4xx, never reported. Before,
 * TRACE (and CONNECT, TRACK) reached React Router, whose Fetch API Request refuses them: a 500, an error log and an
 * error report for one anonymous request. OPTIONS says what is allowed (204); there is no CORS to negotiate. A POST
 * that React Router answers 405 (the route has no action) gets `Allow: GET, HEAD` as its headers go out.
 */
/**
 * A link from an email keeps its language (`?lang=es-US`, ADR 056): the page answers in it (app/domain/locale.ts) and
 * this browser remembers it in the language cookie, as the switch would, so the redirect after a confirmation link
 * and the pages after it stay in that language. A signed-in member's stored choice still comes first.
 */
export function rememberLinkLanguage(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD") {
    const cookie = linkLanguageCookie(req.query.lang, req.headers.cookie);
    if (cookie) res.append("Set-Cookie", cookie);
  }
  next();
}

export function onlyServedMethods(req: Request, res: Response, next: NextFunction) {
  if (req.method === "POST") {
    onHeaders(res, () => {
      if (res.statusCode === 405 && !res.hasHeader("allow")) res.setHeader("Allow", "GET, HEAD");
    });
  }
  if ((ALLOWED_METHODS as readonly string[]).includes(req.method)) return next();
  res.set("Allow", ALLOW);
  if (req.method === "OPTIONS") {
    res.status(204).end();
    return;
  }
  res.status(405).type("text/plain").send("Method Not Allowed.");
}

/** Plaid Link's initialize script; Plaid requires it to be loaded from its CDN, never bundled or self-hosted. */
export const PLAID_LINK_SCRIPT = "https://cdn.plaid.com/link/v2/stable/link-initialize.js";

/**
 * The Content-Security-Policy directives (helmet's defaults fill in the rest).
 *
 * With real Plaid configured (PLAID_ENV), the Bank Accounts page runs Plaid Link: its script comes from Plaid's CDN,
 * Link itself runs in an iframe from the same CDN, and Link talks to the API host of the environment. These are the
 * origins Plaid's Link Web SDK documentation lists (ADR 005); nothing of Plaid's is allowed otherwise, so the demo and
 * the tests keep the strict policy. The sandbox bank's Link pages are only ever reached by a top-level form post
 * (without JavaScript) or through our own /api/bank/link, so they need form-action only.
 */
export function contentSecurityDirectives({
  production,
  plaidEnv,
  plaidSandboxUrl,
  sentryDsn,
}: {
  production: boolean;
  plaidEnv?: string;
  plaidSandboxUrl?: string;
  /** With a Sentry DSN the browser sends error reports to its origin (ADR 014). */
  sentryDsn?: string;
}) {
  const plaid = plaidEnv === "sandbox" || plaidEnv === "production" ? plaidEnv : null;
  // Without JavaScript, "Link Bank Account" is a form post answered by a redirect to the sandbox bank's Link pages;
  // browsers apply form-action to that redirect, so the bank's origin is allowed there (never in production, where
  // the sandbox bank is refused).
  const formTargets = ["'self'", ...(plaidSandboxUrl ? [new URL(plaidSandboxUrl).origin] : [])];
  return {
    "default-src": ["'self'", ...(plaid ? ["https://cdn.plaid.com"] : [])],
    "script-src": ["'self'", (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce}'`, ...(plaid ? [PLAID_LINK_SCRIPT] : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...(plaid ? [`https://${plaid}.plaid.com`] : []), ...(sentryDsn ? [new URL(sentryDsn).origin] : [])],
    "frame-src": ["'self'", ...(plaid ? ["https://cdn.plaid.com"] : [])],
    "form-action": formTargets,
    "frame-ancestors": ["'none'"],
    "upgrade-insecure-requests": production ? [] : null,
  };
}

/**
 * Static files with their pre-compressed variants (express-static-gzip over serve-static), Brotli first. Only for GET
 * and HEAD: the library sets Content-Encoding before it knows whether it will answer, so any other method goes past it
 * untouched (and then gets the app's own answer, unencoded).
 */
export function precompressedStatic(root: string, options: { immutable?: boolean; maxAge: string; index: false }): express.RequestHandler {
  const serve = expressStaticGzip(root, { enableBrotli: true, orderPreference: ["br", "gz"], index: false, serveStatic: options });
  return (req, res, next) => (req.method === "GET" || req.method === "HEAD" ? serve(req, res, next) : next());
}

/** The URL paths of the files under `dir` (the build's client directory) outside /assets, without their .br/.gz twins. */
export function publicFilesIn(dir: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const urlPath = `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`;
    if (!urlPath.startsWith("/assets/")) files.add(urlPath);
  }
  return files;
}

/** A non-negative number from the environment, or the fallback when unset or not one. */
function envNumber(name: string, fallback: number) {
  const raw = process.env[name];
  const value = Number(raw);
  return raw !== undefined && raw.trim() !== "" && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/**
 * Overload limits (docs/decisions/017-overload.md), from measurements on a 2-core machine: 16 renders at once keep
 * the CPU and the database pool busy (more only lengthen the pool's queue: its wait p99 went from 0.15 s to 0.44 s at
 * 32); up to 256 more wait (Fly's hard limit is 250 per machine); nobody waits more than 6 s, which with a render's
 * own time under load stays inside the 10 s after which clients commonly give up. Each is overridable.
 */
export function overloadLimits() {
  return {
    // 0: no limit (for comparison runs of the bench).
    maxConcurrent: envNumber("HTTP_MAX_CONCURRENT", 16) || Number.POSITIVE_INFINITY,
    maxQueue: envNumber("HTTP_MAX_QUEUE", 256),
    maxWaitMs: envNumber("HTTP_MAX_QUEUE_WAIT_MS", 6_000),
    retryAfterSeconds: 2,
  };
}

/**
 * The HTTP server for the app, with Node's timeouts set on purpose rather than left at their defaults
 * (docs/decisions/017-overload.md):
 * - headersTimeout 20 s: a client gets that long to send its request headers (a slow-headers client cannot hold a
 *   socket for Node's default 60 s), checked every 5 s (connectionsCheckingInterval; Node's default of 30 s would let
 *   such a client linger up to 50 s);
 * - requestTimeout 30 s: the whole request, body included (forms are at most 64 KB; the default is 300 s);
 * - keepAliveTimeout 65 s: longer than the 60 s after which Fly's proxy drops an idle connection, so the proxy, not
 *   the app, closes an idle keep-alive connection and never sends a request down one the app is closing.
 */
export function createHttpServer(app?: Express) {
  const server = http.createServer({ headersTimeout: 20_000, requestTimeout: 30_000, keepAliveTimeout: 65_000, connectionsCheckingInterval: 5_000 });
  // For a graceful stop (host/shutdown.ts): the responses in flight then close their connections after them.
  trackResponses(server);
  // Without an app here (the dev server needs the HTTP server before the app exists), the caller adds it: server.on("request", app).
  if (app) server.on("request", app);
  return server;
}

/** What a request whose path cannot be decoded gets (400). */
export const MALFORMED_PATH = "Bad Request: this address is not a valid URL. Check the link, or go to the home page.";

/** The router's refusal of a path with a bad percent escape (Express's router: a URIError with status 400). */
function isMalformedPath(error: unknown): boolean {
  return error instanceof URIError && (error as URIError & { status?: number }).status === 400;
}

export function createApp({
  build,
  production,
  devMiddleware,
}: {
  /** The server build, or (development) a function that loads the current one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Served over HTTPS behind Fly's proxy (production, a deployed demo): HSTS, and TRUST_PROXY defaults to `fly`. */
  production: boolean;
  /** Development: Vite's middleware (modules, HMR, assets), in place of the built client files. */
  devMiddleware?: express.RequestHandler;
}) {
  const app = express();
  const directives = contentSecurityDirectives({
    production,
    plaidEnv: process.env.PLAID_ENV,
    plaidSandboxUrl: process.env.PLAID_SANDBOX_URL,
    sentryDsn: process.env.SENTRY_DSN || undefined,
  });
  app.disable("x-powered-by");
  // Which forwarding header to believe, and from whom (host/client-ip.ts): Fly's behind Fly's proxy, none by default
  // elsewhere, where anyone who reaches the port could forge one.
  const trust = trustProxyFrom(process.env.TRUST_PROXY, { behindFly: production });
  applyTrustProxy(app, trust);

  // First: every request, even one refused below, gets a request id, a log line and a duration sample.
  app.use(requestLogging({ build }));
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives,
      },
      // HSTS only where we really serve HTTPS.
      strictTransportSecurity: production ? { maxAge: 63072000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  app.use((_req, res, next) => {
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    next();
  });
  // Pages are compressed per response (each carries its own CSP nonce). Brotli at quality 3 with a 256 KiB window
  // (LGWIN 18; pages are 100–160 KB): for the dashboard's 125 KB, 1.33 ms of CPU at 16 responses at once against 3.38 ms
  // at compression's default (quality 4, 4 MiB window, allocated per response), for 29.7 KB sent instead of 28.7 KB
  // (ADR 059, part five). gzip (level 6) is for the clients without brotli.
  app.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } } }));
  app.use(onlyServedMethods);

  if (devMiddleware) {
    app.use(labelStatic(devMiddleware));
  } else {
    const clientDir = path.resolve("build/client");
    // The build compressed every text asset already (scripts/lib/precompress.ts): the `.br` or `.gz` beside it is sent
    // as it is, with Vary: Accept-Encoding, and compression() below leaves an encoded response alone. Fingerprinted
    // assets never change: cached for a year.
    app.use("/assets", labelStatic(precompressedStatic(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false })));
    // The other public files (favicon…), found once: a page's URL goes straight past, without a file-system lookup
    // per request (which showed in the CPU profiles of the signed-in pages, issue 15).
    const publicFiles = publicFilesIn(clientDir);
    const publicStatic = labelStatic(precompressedStatic(clientDir, { maxAge: "1h", index: false }));
    app.use((req, res, next) => (publicFiles.has(req.path) ? publicStatic(req, res, next) : next()));
  }
  // The message catalogues as files (ADR 059, part six (k)): named by their content, cached for a year, compressed once.
  app.use(labelStatic(catalogueFiles(build)));

  // Everything from here on is the app's answer: private unless it is a public page as every anonymous visitor sees it.
  app.use(privateUnlessShared((pagePath) => PUBLIC_PAGES.has(pagePath)));
  app.use(rejectCrossSiteWrites);
  app.use(rememberLinkLanguage);
  // A deployed demo serves the sandbox bank's Link pages on its own origin (its bank listens on loopback only).
  if (process.env.DEMO_DEPLOYMENT === "true" && process.env.PLAID_SANDBOX_URL) app.use(sandboxLinkProxy(process.env.PLAID_SANDBOX_URL));
  // Error detail in responses follows how the code was built, never the deployment kind: `npm start` is a
  // production build in demo mode, and must not show stack traces either.
  const mode = process.env.NODE_ENV === "production" ? "production" : "development";
  // Anonymous public pages from memory, before the queue: serving one costs about what /healthz does.
  const renderPage = createFetchHandler(build, mode);
  const pageCache = publicPageCache({
    paths: (pagePath) => PUBLIC_PAGES.has(pagePath),
    // PAGE_CACHE_SECONDS=0 turns it off.
    ttlMs: envNumber("PAGE_CACHE_SECONDS", 60) * 1000,
    // One copy per language: the visitor's cookie, else Accept-Language's first guess (ADR 056).
    variant: (req) => localeOfHeaders(req.headers.cookie, req.headers["accept-language"]),
    render: (url, nonce, locale) =>
      renderPage(new Request(url, { headers: { "Accept-Language": locale } }), requestContext({ cspNonce: nonce, clientIp: "page-cache" })),
  });
  app.locals.pageCache = pageCache;
  // Not in development, where a page must show the code just saved (PAGE_CACHE_SECONDS=0 turns it off elsewhere).
  if (!devMiddleware && envNumber("PAGE_CACHE_SECONDS", 60) > 0) app.use(pageCache.middleware);
  // After the cheap answers (assets, refusals, cached pages), before any rendering. /healthz stays out of the queue: it
  // says the process is alive, and a busy process is.
  const admission: AdmissionControl = admissionControl({ ...overloadLimits(), exempt: (req) => req.path === "/healthz" });
  app.locals.admission = admission;
  app.use(admission.middleware);
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode,
      getLoadContext: (req, res) =>
        requestContext({ cspNonce: res.locals.cspNonce as string, clientIp: clientIp(req, trust), dataRequest: req.path.endsWith(".data") }),
    }),
  );
  // An error that escaped every handler above (React Router renders its own errors): logged and reported, and the
  // client gets a plain 500 without a stack trace, whatever NODE_ENV says.
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    // An address that is not a URL (a bad percent escape: the router cannot decode the path, and says 400) is the
    // client's mistake, not ours: a plain 400, logged at info and reported to nobody.
    if (isMalformedPath(error)) {
      logger.info({ path: req.originalUrl.slice(0, 200) }, "a request whose path is not a valid URL");
      if (res.headersSent) return next(error);
      res.status(400).type("text/plain").send(MALFORMED_PATH);
      return;
    }
    logger.error({ err: error }, "unhandled error in the HTTP server");
    void reportError(error);
    if (res.headersSent) return next(error);
    res.status(500).type("text/plain").send("Something went wrong.");
  });
  return app;
}
