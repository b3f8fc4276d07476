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
import { createApp, createHttpServer } from "../host/app.ts";

process.env.NODE_ENV = "production";
let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await initErrorReportingFromEnv("app");
const metrics = await serveMetrics({ production: env.APP_ENV === "production" });
const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
const app = createApp({ build, production: env.APP_ENV === "production" });
const server = createHttpServer(app).listen(env.PORT, "0.0.0.0", () =>
  logger.info({ port: env.PORT, appEnv: env.APP_ENV, metrics: metrics?.url ?? "off" }, `Listening on port ${env.PORT} (${env.APP_ENV})`),
);
const shutdown = () =>
  server.close(() => {
    void Promise.all([metrics?.stop(), flushErrorReports()]).finally(() => process.exit(0));
  });
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
