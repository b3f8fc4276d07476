/**
 * The app as the e2e tests see it: the production build on a fresh embedded PostgreSQL (or DATABASE_URL), with the
 * mail double and the demo seed. Started by Playwright's webServer; stops on SIGTERM.
 */
import { mkdirSync, readdirSync, rmSync } from "node:fs";

process.env.NODE_ENV = "production";
process.env.APP_ENV = "test";
const port = Number(process.env.E2E_PORT ?? 3100);
process.env.PORT = String(port);
process.env.APP_URL = `http://127.0.0.1:${port}`;
// Every browser in the suite shares 127.0.0.1; the per-account limits stay as in production.
process.env.LOGIN_RATE_LIMIT_PER_IP ??= "1000";
process.env.RESET_RATE_LIMIT_PER_IP ??= "1000";
process.env.CONTACT_RATE_LIMIT_PER_IP ??= "1000";
process.env.REGISTER_RATE_LIMIT_PER_IP ??= "1000";
// One JSON line per request would bury Playwright's output: warnings and errors only (LOG_LEVEL=info to see them all).
process.env.LOG_LEVEL ??= "warn";

// One fresh data directory per run, removed on exit, so concurrent runs never share a database.
mkdirSync(".data", { recursive: true });
const dataDir = `.data/e2e-${process.pid}`;
rmSync(dataDir, { recursive: true, force: true });
// Directories of earlier runs whose server is gone (killed before it could clean up).
for (const entry of readdirSync(".data", { withFileTypes: true })) {
  const pid = Number(/^e2e-(\d+)$/.exec(entry.name)?.[1]);
  if (!pid || pid === process.pid) continue;
  let alive = true;
  try {
    process.kill(pid, 0);
  } catch {
    alive = false;
  }
  if (!alive) rmSync(`.data/${entry.name}`, { recursive: true, force: true });
}

const { startStack } = await import("../../scripts/lib/stack.ts");
// E2E_LINK_MODE=plaid: the second server, configured as for real Plaid (Plaid Link in the browser, whose script the
// *.plaid.spec.ts tests replace), with the sandbox bank answering as Plaid's API on a known port (E2E_PLAID_BANK_PORT).
const plaidMode = process.env.E2E_LINK_MODE === "plaid";
if (plaidMode) process.env.BANK_SANDBOX_PORT = process.env.E2E_PLAID_BANK_PORT;
const stack = await startStack({
  dataDir,
  port,
  host: "127.0.0.1",
  seed: true,
  seedGroups: !plaidMode,
  worker: true,
  bankAsPlaid: plaidMode,
  // Removed when the server stops: no need to flush anything to disk.
  throwawayDatabase: true,
});
// The catalogue files (ADR 059, part six (k)) are compressed on their first request, brotli 11, for a second or more on
// a loaded machine, which the first documents' hydration would wait for. Each is asked for once here, in both encodings.
const { LOCALES } = await import("../../app/domain/locale.ts");
const { catalogueFile } = await import("../../app/server/platform/locale.server.ts");
await Promise.all(
  LOCALES.flatMap((locale) =>
    [false, true].flatMap((admin) =>
      ["br", "gzip"].map(async (encoding) => {
        const response = await fetch(`${stack.url}${catalogueFile(locale, { admin }).path}`, { headers: { "Accept-Encoding": encoding } });
        if (!response.ok) throw new Error(`catalogue file for ${locale} (admin: ${admin}): HTTP ${response.status}`);
        await response.arrayBuffer();
      }),
    ),
  ),
);
console.log(`e2e server on ${stack.url}`);
// The harness's set-up API (tests/e2e/fixture-api.ts) on the next port: fixture() in fixtures.ts finds it there.
const { startFixtureApi } = await import("./fixture-api.ts");
const fixtures = await startFixtureApi({ port: port + 1, databaseUrl: stack.databaseUrl });
const stop = async () => {
  await new Promise((resolve) => fixtures.close(resolve));
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
