export {};

/**
 * `npm start`: the app in production mode on http://localhost:3000 (PORT overrides), with embedded PostgreSQL in
 * ./.data when DATABASE_URL is unset, migrations applied and demo data seeded. Ctrl-C stops everything cleanly.
 */
process.env.NODE_ENV = "production";
process.env.APP_ENV ??= "demo";

const { ADMIN_ACCOUNT, DEMO_ACCOUNT } = await import("../app/domain/demo-accounts.ts");
const { startStack } = await import("./lib/stack.ts");
const { metricsPortFrom } = await import("../app/server/platform/metrics.server.ts");

// A deployed demo (the Docker image's demo target) has no embedded database to fall back on: say so plainly.
if (process.env.DEMO_DEPLOYMENT === "true" && !process.env.DATABASE_URL) {
  console.error("A deployed demo (DEMO_DEPLOYMENT=true) needs DATABASE_URL: attach a PostgreSQL (README, Deploy a demo).");
  process.exit(1);
}

const port = Number(process.env.PORT ?? 3000);
process.env.PORT = String(port);
const seed = process.env.APP_ENV !== "production" && process.env.SEED !== "false";

try {
  const stack = await startStack({ dataDir: ".data", port, seed, worker: true, metricsPort: metricsPortFrom(), log: (line) => console.log(line) });

  console.log(`
  Rosca is running at ${stack.url}
  ${stack.embedded ? "Database: embedded PostgreSQL (data in ./.data)" : "Database: DATABASE_URL"}
  ${process.env.MAIL_SANDBOX_URL ? `Mailbox (captured emails): ${stack.url}/dev/mailbox` : "Email: Postmark"}
  Metrics (Prometheus): ${stack.metricsUrl ?? "off"}
${
  seed
    ? `
  Demo account:  ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}
  Admin account: ${ADMIN_ACCOUNT.email} / ${process.env.DEMO_DEPLOYMENT === "true" ? "(DEMO_ADMIN_PASSWORD)" : ADMIN_ACCOUNT.password}
`
    : ""
}
  Press Ctrl-C to stop.
`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received: stopping the server and the database…`);
    await stack.stop();
    console.log("Stopped.");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
