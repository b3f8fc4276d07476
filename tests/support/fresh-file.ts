/**
 * Vitest setup for the projects that reuse a worker process across test files (`isolate: false`, ADR 060 part seven
 * (o)): each file still starts as if in a process of its own, but without paying for one. A fresh process per file
 * cost about 2 s of CPU per integration file, most of it importing the same node_modules (drizzle, the Plaid SDK,
 * pg-boss, express) again; Node keeps those once per process, and they hold no state of the app's.
 *
 * - The app's own modules are evaluated afresh (`vi.resetModules()`): every module-level singleton (db()'s pool, the
 *   environment read once, the queue, caches) is the file's own, as before.
 * - process.env is put back as it was when the worker started: files set DATABASE_URL, pool sizes and limits for
 *   themselves, and the next file must not see them.
 */
import client from "prom-client";
import { vi } from "vitest";
import { restoreEnvironment } from "../../scripts/lib/test-env.ts";

const ENV_KEY = Symbol.for("rosca.test.startEnv");
const state = globalThis as typeof globalThis & { [ENV_KEY]?: Record<string, string | undefined> };
state[ENV_KEY] ??= { ...process.env };
restoreEnvironment(process.env, state[ENV_KEY]);
vi.resetModules();
// prom-client's default registry is node_modules' state, kept by the process: the file's metrics start from nothing, as
// in a process of its own (app/server/platform/metrics.server.ts registers them again, and its process-wide sources).
client.register.clear();
for (const key of Object.getOwnPropertySymbols(globalThis)) {
  if (key.description?.startsWith("rosca.metrics.")) delete (globalThis as Record<symbol, unknown>)[key];
}
