/**
 * `npm run dev`: the app in development mode on http://localhost:3000 (PORT overrides) with nothing to configure:
 * embedded PostgreSQL in ./.data/dev (migrated, and demo-seeded on first run; DATABASE_URL, when set, is used instead),
 * the mail double and the sandbox bank, the job worker in-process, and React Router's Vite dev server with hot module
 * replacement. It is `npm start`'s stack (scripts/lib/stack.ts) with Vite in middleware mode in place of the build,
 * behind the same Express server (host/app.ts: security headers, CSRF check, request logs), so development sees
 * what production does. Logs are pretty-printed (pino-pretty). Ctrl-C stops everything cleanly.
 */
import type { ServerBuild } from "react-router";

process.env.NODE_ENV = "development";
process.env.APP_ENV ??= "development";

const { ADMIN_ACCOUNT, DEMO_ACCOUNT } = await import("../app/domain/demo-accounts.ts");
const { startStack } = await import("./lib/stack.ts");
const { metricsPortFrom } = await import("../app/server/platform/metrics.server.ts");

const port = Number(process.env.PORT ?? 3000);
process.env.PORT = String(port);
const seed = process.env.APP_ENV !== "production" && process.env.SEED !== "false";

try {
  const stack = await startStack({
    dataDir: ".data/dev",
    port,
    seed,
    worker: true,
    metricsPort: metricsPortFrom(),
    log: (line) => console.log(line),
    dev: async (server) => {
      const { createServer } = await import("vite");
      // Vite's HMR websocket shares the app's HTTP server (and port): the Content-Security-Policy's 'self' covers it.
      const vite = await createServer({ server: { middlewareMode: true, hmr: { server } }, appType: "custom" });
      const build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
      return {
        build,
        middleware: vite.middlewares,
        close: async () => {
          // The dev build's own database pool (its copy of the db module), then Vite's watchers and websocket.
          const entry = (await build()).entry.module as { closeDatabase?: () => Promise<void> };
          await entry.closeDatabase?.();
          await vite.close();
        },
      };
    },
  });

  console.log(`
  Rosca (development) is running at ${stack.url}
  ${stack.embedded ? "Database: embedded PostgreSQL (data in ./.data/dev)" : "Database: DATABASE_URL"}
  ${process.env.MAIL_SANDBOX_URL ? `Mailbox (captured emails): ${stack.url}/dev/mailbox` : "Email: Postmark"}
  Metrics (Prometheus): ${stack.metricsUrl ?? "off"}
${
  seed
    ? `
  Demo account:  ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}
  Admin account: ${ADMIN_ACCOUNT.email} / ${ADMIN_ACCOUNT.password}
`
    : ""
}
  Edits under app/ reload in the browser. Press Ctrl-C to stop.
`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received: stopping the dev server and the database…`);
    await stack.stop();
    console.log("Stopped.");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
