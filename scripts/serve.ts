/**
 * Production entry point (the Docker image's CMD): serve the built app against DATABASE_URL. No embedded
 * database, no seeding; migrations run separately as Fly's release_command (scripts/migrate.ts). Metrics are served on
 * METRICS_PORT (default 9091), never on the app's port.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { parseEnv } from "../app/server/platform/env.server.ts";
import { flushErrorReports, initErrorReportingFromEnv } from "../app/server/platform/error-reporting.server.ts";
import { logger } from "../app/server/platform/log.server.ts";
import { serveMetrics } from "../app/server/platform/metrics.server.ts";
import { installProcessGuard } from "../app/server/platform/process-guard.server.ts";
import { createApp, createHttpServer } from "../host/app.ts";
import { listen } from "../host/listen.ts";
import { closeGracefully } from "../host/shutdown.ts";

process.env.NODE_ENV = "production";
let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await initErrorReportingFromEnv("app");
// An unhandled rejection is logged and counted and the server serves on; an uncaught exception exits (after closing
// the database pool), so that the platform restarts the machine.
// The build has its own copy of the database module (entry.server.tsx exports its closeDb as closeDatabase).
let closeDatabase: (() => Promise<void>) | undefined;
installProcessGuard({ role: "web", onFatal: () => closeDatabase?.() });
const metrics = await serveMetrics({ production: env.APP_ENV === "production" });
const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
closeDatabase = (build.entry.module as { closeDatabase?: () => Promise<void> }).closeDatabase;
const app = createApp({ build, production: env.APP_ENV === "production" });
// HOST, else 127.0.0.1 (host/listen.ts): the image and fly.toml set HOST=0.0.0.0 so that Fly's proxy reaches it.
const server = createHttpServer(app);
const bound = await listen(server, env.PORT);
logger.info(
  { host: bound.address, port: bound.port, appEnv: env.APP_ENV, metrics: metrics?.url ?? "off" },
  `Listening on ${bound.address}:${bound.port} (${env.APP_ENV})`,
);
// Within 10 s of Fly's SIGTERM (fly.toml's kill_timeout leaves a margin; ADR 044): the requests in flight finish, idle
// keep-alive connections close at once, then the database pool, the metrics server and the error reports' flush.
let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal} received, stopping`);
  // Whatever hangs, the process is gone before the platform has to kill it.
  setTimeout(() => {
    logger.error("shutdown took longer than 9.5 s; exiting");
    process.exit(1);
  }, 9_500).unref();
  const closed = await closeGracefully(server, { deadlineMs: 6_000 });
  logger.info(closed, "HTTP server closed");
  await Promise.allSettled([closeDatabase?.(), metrics?.stop(), flushErrorReports()]);
  process.exit(0);
};
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
