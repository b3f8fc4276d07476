/**
 * Starts the whole demo stack in this process: PostgreSQL (embedded unless DATABASE_URL is set), migrations, the
 * mail double (unless POSTMARK_SERVER_TOKEN is set), the sandbox bank (unless PLAID_ENV is set), optional demo seed, the
 * job worker (when `worker` is set: `npm start` and the e2e tests; production runs `npm run worker` as its own Fly
 * process group instead) and the HTTP server on the built app.
 * Used by `npm start`, the end-to-end tests and the benchmark. Callers set NODE_ENV=production before calling.
 */
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { rateLimitFromEnv, startBankSandbox } from "../../sandbox/plaid/server.ts";
import { startMailSandbox } from "../../sandbox/postmark/server.ts";
import { startEmbeddedPostgres } from "./postgres.ts";

export type Stack = {
  url: string;
  databaseUrl: string;
  embedded: boolean;
  /** The HTTP server's admission control (server/admission.ts): queue and shedding figures. */
  admission: import("../../server/admission.ts").AdmissionControl;
  /** The server build's entry module: its own copy of the database module's exports (closeDatabase, poolStats). */
  entry: { poolStats?: (options?: { reset?: boolean }) => import("../../app/server/db/client.server.ts").PoolStats };
  stop: () => Promise<void>;
};

export async function startStack(options: {
  dataDir: string;
  port: number;
  host?: string;
  seed: boolean;
  /** Run the job worker (money.tick, bank.sync; ADR 007) in this process. */
  worker?: boolean;
  log?: (line: string) => void;
}): Promise<Stack> {
  const log = options.log ?? (() => {});
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch((error) => console.error(error));
    stops.length = 0;
  };

  try {
    let databaseUrl = process.env.DATABASE_URL;
    const embedded = !databaseUrl;
    if (!databaseUrl) {
      log(`Starting embedded PostgreSQL (data in ${path.join(options.dataDir, "pg")})…`);
      const postgres = await startEmbeddedPostgres({ dataDir: path.join(options.dataDir, "pg"), database: "rosca" });
      stops.push(postgres.stop);
      databaseUrl = postgres.url;
      process.env.DATABASE_URL = databaseUrl;
    }

    const { migrateDatabase } = await import("../../app/server/db/migrate.server.ts");
    await migrateDatabase(databaseUrl);
    log("Migrations applied.");

    if (!process.env.POSTMARK_SERVER_TOKEN) {
      const mail = await startMailSandbox({ databaseUrl, port: Number(process.env.MAIL_SANDBOX_PORT ?? 0) });
      stops.push(mail.stop);
      process.env.MAIL_SANDBOX_URL = mail.url;
      log(`Mail sandbox listening on ${mail.url}`);
    }

    // The sandbox bank, unless real Plaid is configured (PLAID_ENV with its keys).
    if (!process.env.PLAID_ENV) {
      const bank = await startBankSandbox({ databaseUrl, port: Number(process.env.BANK_SANDBOX_PORT ?? 0), rateLimit: rateLimitFromEnv() });
      stops.push(bank.stop);
      process.env.PLAID_SANDBOX_URL = bank.url;
      process.env.PLAID_CLIENT_ID ??= "sandbox-client-id";
      process.env.PLAID_SECRET ??= "sandbox-secret";
      log(`Sandbox bank listening on ${bank.url}`);
    }

    // Validate the complete environment before serving anything: a bad configuration stops here, loudly.
    const { parseEnv } = await import("../../app/server/env.server.ts");
    const env = parseEnv(process.env);

    if (options.seed) {
      const { seedDemoData } = await import("./seed.ts");
      const { seedDemoGroups } = await import("./seed-groups.ts");
      const { closeDb } = await import("../../app/server/db/client.server.ts");
      const { created } = await seedDemoData();
      const { created: groupsCreated } = await seedDemoGroups();
      await closeDb();
      log(created + groupsCreated > 0 ? `Seeded ${created} demo users and ${groupsCreated} demo groups.` : "Demo data already present.");
    }

    if (options.worker) {
      // After the seed (so the first tick sees the demo groups). Imported here, like the modules above, so that
      // NODE_ENV is already set. Stops (reverse order) run after the HTTP server has closed: the worker finishes its
      // running job, then this module instance's pool closes, both before PostgreSQL stops.
      const { startWorker } = await import("../../app/server/jobs/worker.server.ts");
      const { closeDb } = await import("../../app/server/db/client.server.ts");
      stops.push(closeDb);
      const worker = await startWorker({ name: "worker-in-process", log });
      stops.push(worker.stop);
    }

    const buildPath = path.resolve("build/server/index.js");
    if (!existsSync(buildPath)) throw new Error("No build found: run `npm run build` first.");
    // React and React Router pick their development or production build from NODE_ENV when first imported, so
    // the server module is imported only now, after the caller has set NODE_ENV.
    const { createApp, createHttpServer } = await import("../../server/app.ts");
    const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
    const app = createApp({ build, production: env.APP_ENV === "production" });
    // Runs after the HTTP server has closed (stops run in reverse order) and before PostgreSQL stops.
    stops.push(async () => {
      const entry = build.entry.module as { closeDatabase?: () => Promise<void> };
      await entry.closeDatabase?.();
    });
    const host = options.host ?? "0.0.0.0";
    const server = await new Promise<Server>((resolve, reject) => {
      const listening = createHttpServer(app);
      listening.once("error", reject);
      listening.listen(options.port, host, () => resolve(listening));
    });
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    );
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : options.port;
    return {
      url: `http://localhost:${port}`,
      databaseUrl,
      embedded,
      admission: app.locals.admission,
      entry: build.entry.module as Stack["entry"],
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
