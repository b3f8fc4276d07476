/**
 * The HTTP server around the React Router build: security headers, CSRF origin check, static assets, compression.
 * Used by scripts/start.ts (demo), the Docker image (production), the e2e tests and the benchmark.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import helmet from "helmet";
import type { ServerBuild } from "react-router";
import { logger } from "../app/server/log.server.ts";
import { reportError } from "../app/server/error-reporting.server.ts";
import { labelStatic, requestLogging } from "./request-log.ts";
import { sandboxLinkProxy } from "./sandbox-link-proxy.ts";

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

export function createApp({
  build,
  production,
  devMiddleware,
}: {
  /** The server build, or (development) a function that loads the current one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
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
  // Fly's proxy sets X-Forwarded-For / -Proto; trust exactly one hop.
  app.set("trust proxy", 1);

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
  app.use(compression());

  if (devMiddleware) {
    app.use(labelStatic(devMiddleware));
  } else {
    const clientDir = path.resolve("build/client");
    // Fingerprinted assets never change: cache them for a year.
    app.use("/assets", labelStatic(express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false })));
    app.use(labelStatic(express.static(clientDir, { maxAge: "1h", index: false })));
  }

  app.use(rejectCrossSiteWrites);
  // A deployed demo serves the sandbox bank's Link pages on its own origin (its bank listens on loopback only).
  if (process.env.DEMO_DEPLOYMENT === "true" && process.env.PLAID_SANDBOX_URL) app.use(sandboxLinkProxy(process.env.PLAID_SANDBOX_URL));
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      // Error detail in responses follows how the code was built, never the deployment kind: `npm start` is a
      // production build in demo mode, and must not show stack traces either.
      mode: process.env.NODE_ENV === "production" ? "production" : "development",
      getLoadContext: (req, res) => ({
        cspNonce: res.locals.cspNonce as string,
        // Fly-Client-IP is set by Fly's proxy; elsewhere a client could forge it, so only production trusts it.
        clientIp: (production ? req.get("fly-client-ip") : undefined) ?? req.ip ?? "unknown",
      }),
    }),
  );
  // An error that escaped every handler above (React Router renders its own errors): logged and reported, and the
  // client gets a plain 500 without a stack trace, whatever NODE_ENV says.
  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    logger.error({ err: error }, "unhandled error in the HTTP server");
    void reportError(error);
    if (res.headersSent) return next(error);
    res.status(500).type("text/plain").send("Something went wrong.");
  });
  return app;
}
