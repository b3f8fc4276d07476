/**
 * Production entry point (the Docker image's CMD): serve the built app against DATABASE_URL. No embedded
 * database, no seeding; migrations run separately as Fly's release_command (scripts/migrate.ts).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { parseEnv } from "../app/server/env.server.ts";
import { createApp, createHttpServer } from "../server/app.ts";

process.env.NODE_ENV = "production";
let env;
try {
  env = parseEnv(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
const app = createApp({ build, production: env.APP_ENV === "production" });
const server = createHttpServer(app).listen(env.PORT, "0.0.0.0", () => console.log(`Listening on port ${env.PORT} (${env.APP_ENV})`));
const shutdown = () => server.close(() => process.exit(0));
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
