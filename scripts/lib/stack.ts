/**
 * Starts the whole demo stack: PostgreSQL (embedded, in a child process, unless DATABASE_URL is set), and in this
 * process migrations, the mail double (unless POSTMARK_SERVER_TOKEN is set), the sandbox bank (unless PLAID_ENV is
 * set), optional demo seed, the job worker (when `worker` is set: `npm start` and the e2e tests; production runs
 * `npm run worker` as its own Fly process group instead) and the HTTP server on the built app.
 * Used by `npm start`, the end-to-end tests and the benchmark. Callers set NODE_ENV=production before calling.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { rateLimitFromEnv, startBankSandbox } from "../../sandbox/plaid/server.ts";
import { DEFAULT_SENDERS, startMailSandbox, type MailSandbox } from "../../sandbox/postmark/server.ts";
import { parseMailbox } from "../../sandbox/postmark/wire.ts";
import { closeGracefully } from "../../host/shutdown.ts";

export type Stack = {
  url: string;
  databaseUrl: string;
  embedded: boolean;
  /** The HTTP server's admission control (host/admission.ts): queue and shedding figures. */
  admission: import("../../host/admission.ts").AdmissionControl;
  /** The server build's entry module: its own copy of the database module's exports (closeDatabase, poolStats). */
  entry: {
    poolStats?: (options?: { reset?: boolean }) => import("../../app/server/db/client.server.ts").PoolStats;
    /** The document cache's counts (ADR 059 part nine (t)); null when it is off. */
    documentCacheStats?: () => { hits: number; misses: number } | null;
  };
  /** Where Prometheus metrics are served, or null (metricsPort null, or the port was taken). */
  metricsUrl: string | null;
  stop: () => Promise<void>;
};

export async function startStack(options: {
  dataDir: string;
  port: number;
  /** The address to listen on. Default: HOST, else 127.0.0.1 (a laptop's `npm start` is not served to its network). */
  host?: string;
  seed: boolean;
  /** Seed the demo groups too (default: with `seed`). They run through the sandbox clock, so not with `bankAsPlaid`. */
  seedGroups?: boolean;
  /**
   * Tests of the Plaid configuration only: run the sandbox bank, and configure the app as for real Plaid (PLAID_ENV,
   * so pages use Plaid Link) with the bank standing in for Plaid's API host (PLAID_API_URL).
   */
  bankAsPlaid?: boolean;
  /** The embedded cluster's data dies with the process (the e2e tests): durability off (THROWAWAY_SETTINGS). */
  throwawayDatabase?: boolean;
  /** Run the job worker (money.tick, bank.sync, email.outbox; ADR 007) in this process. */
  worker?: boolean;
  /** Serve /metrics on this port (0: any free one); null or absent: no metrics server. */
  metricsPort?: number | null;
  log?: (line: string) => void;
  /**
   * Development (scripts/dev.ts): the app from Vite's dev server (HMR) instead of build/. Gets the HTTP server to attach
   * Vite's HMR websocket to, and returns the build loader and the middleware for createApp.
   */
  dev?: (server: Server) => Promise<{ build: () => Promise<ServerBuild>; middleware: RequestHandler; close: () => Promise<void> }>;
}): Promise<Stack> {
  const log = options.log ?? (() => {});
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch((error: unknown) => console.error(error));
    stops.length = 0;
  };
  // `npm start`, `npm run dev` and the e2e server run the web app and the worker in this process: an unhandled rejection
  // is logged and counted and they serve on; an uncaught exception stops everything (bounded) and exits 1.
  const { installProcessGuard } = await import("../../app/server/platform/process-guard.server.ts");
  installProcessGuard({ role: "stack", onFatal: stop });

  try {
    let databaseUrl = process.env.DATABASE_URL;
    const embedded = !databaseUrl;
    if (!databaseUrl) {
      log(`Starting embedded PostgreSQL (data in ${path.join(options.dataDir, "pg")})…`);
      // In a process of its own (scripts/lib/postgres-process.ts says why): a Ctrl-C stops this process's pools
      // before PostgreSQL, instead of PostgreSQL cutting their connections while they close.
      const { startEmbeddedPostgresProcess } = await import("./postgres-process.ts");
      const postgres = await startEmbeddedPostgresProcess({
        dataDir: path.join(options.dataDir, "pg"),
        database: "rosca",
        throwaway: options.throwawayDatabase,
        ownProcessGroup: true,
      });
      stops.push(postgres.stop);
      databaseUrl = postgres.url;
      process.env.DATABASE_URL = databaseUrl;
    }

    const { migrateDatabase } = await import("../../app/server/db/migrate.server.ts");
    await migrateDatabase(databaseUrl);
    log("Migrations applied.");

    let mail: MailSandbox | null = null;
    if (!process.env.POSTMARK_SERVER_TOKEN) {
      // The demo's Postmark account: the default domain, and whatever EMAIL_FROM says (nobody can confirm a sender
      // signature for a laptop's demo). Its bounce webhook goes to this app once it listens (below), with credentials
      // made up for this run unless set.
      const from = parseMailbox(process.env.EMAIL_FROM ?? "");
      mail = await startMailSandbox({
        databaseUrl,
        port: Number(process.env.MAIL_SANDBOX_PORT ?? 0),
        senders: from ? [...DEFAULT_SENDERS, { address: from, confirmed: true }] : DEFAULT_SENDERS,
      });
      stops.push(mail.stop);
      process.env.MAIL_SANDBOX_URL = mail.url;
      process.env.POSTMARK_WEBHOOK_USERNAME ??= "postmark";
      process.env.POSTMARK_WEBHOOK_PASSWORD ??= randomBytes(24).toString("base64url");
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
      if (options.bankAsPlaid) {
        process.env.PLAID_ENV = "sandbox";
        process.env.PLAID_API_URL = bank.url;
        delete process.env.PLAID_SANDBOX_URL;
      }
    }

    // Validate the complete environment before serving anything: a bad configuration stops here, loudly.
    const { parseEnv } = await import("../../app/server/platform/env.server.ts");
    const env = parseEnv(process.env);
    const { initErrorReportingFromEnv } = await import("../../app/server/platform/error-reporting.server.ts");
    await initErrorReportingFromEnv("app");

    if (options.seed) {
      const { seedDemoData } = await import("./seed.ts");
      const { seedDemoGroups } = await import("./seed-groups.ts");
      const { closeDb } = await import("../../app/server/db/client.server.ts");
      // A deployed demo's admin gets its own password, never the README's (ADR 011).
      const { created } = await seedDemoData({ adminPassword: env.DEMO_DEPLOYMENT ? env.DEMO_ADMIN_PASSWORD : undefined });
      const { created: groupsCreated } = (options.seedGroups ?? true) ? await seedDemoGroups() : { created: 0 };
      await closeDb();
      log(created + groupsCreated > 0 ? `Seeded ${created} demo users and ${groupsCreated} demo groups.` : "Demo data already present.");
    }

    // This module instance's pool (the build has its own): the worker's below, and whatever the caller reads through it
    // (the bench seeds its group with it). Stops run in reverse order, after the HTTP server has closed: the worker
    // finishes its running job, then this pool closes, both before PostgreSQL stops (an idle client left open when
    // PostgreSQL goes logs "terminating connection due to administrator command").
    const { closeDb, setStatementTimeout, WORKER_STATEMENT_TIMEOUT_MS } = await import("../../app/server/db/client.server.ts");
    stops.push(closeDb);

    if (options.worker) {
      // After the seed (so the first tick sees the demo groups). Imported here, like the modules above, so that
      // NODE_ENV is already set.
      const { startWorker } = await import("../../app/server/jobs/worker.server.ts");
      // This module instance is the worker's alone (the web build has its own, with the web timeout; ADR 020).
      setStatementTimeout(WORKER_STATEMENT_TIMEOUT_MS);
      const worker = await startWorker({ name: "worker-in-process", log });
      stops.push(worker.stop);
    }

    let metricsUrl: string | null = null;
    if (options.metricsPort !== undefined && options.metricsPort !== null) {
      const { serveMetrics } = await import("../../app/server/platform/metrics.server.ts");
      const metrics = await serveMetrics({ port: options.metricsPort, production: env.APP_ENV === "production" });
      if (metrics) {
        stops.push(metrics.stop);
        metricsUrl = metrics.url;
      }
    }

    // React and React Router pick their development or production build from NODE_ENV when first imported, so
    // the server module is imported only now, after the caller has set NODE_ENV.
    const { createApp, createHttpServer } = await import("../../host/app.ts");
    // Node's timeouts set on purpose (host/app.ts); created before the app, which the dev server needs for HMR.
    const server = createHttpServer();
    let app: ReturnType<typeof createApp>;
    // The build's entry module (its own copy of the database module: poolStats for the bench); none in development.
    let entry: Stack["entry"] = {};
    if (options.dev) {
      const dev = await options.dev(server);
      stops.push(dev.close);
      app = createApp({ build: dev.build, production: false, devMiddleware: dev.middleware });
    } else {
      const buildPath = path.resolve("build/server/index.js");
      if (!existsSync(buildPath)) throw new Error("No build found: run `npm run build` first.");
      const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
      // A deployed demo is served like production (HTTPS behind Fly's proxy: HSTS, Fly-Client-IP), doubles and all.
      app = createApp({ build, production: env.APP_ENV === "production" || env.DEMO_DEPLOYMENT });
      entry = build.entry.module as Stack["entry"];
      // Runs after the HTTP server has closed (stops run in reverse order) and before PostgreSQL stops.
      stops.push(async () => {
        const entry = build.entry.module as { closeDatabase?: () => Promise<void> };
        await entry.closeDatabase?.();
      });
    }
    server.on("request", app);
    // HOST, else 127.0.0.1 (host/listen.ts): a laptop's `npm start` is not served to the network it is on.
    const { listen, listenHost } = await import("../../host/listen.ts");
    const host = listenHost(options.host);
    await listen(server, options.port, host);
    stops.push(async () => {
      await closeGracefully(server, { deadlineMs: 3_000 });
    });
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : options.port;
    mail?.configure({
      webhook: {
        url: `http://${host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host}:${port}/webhooks/postmark`,
        username: process.env.POSTMARK_WEBHOOK_USERNAME,
        password: process.env.POSTMARK_WEBHOOK_PASSWORD,
      },
    });
    return {
      url: `http://localhost:${port}`,
      databaseUrl,
      embedded,
      metricsUrl,
      admission: app.locals.admission,
      entry,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
