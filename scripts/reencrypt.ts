/**
 * `npm run keys:reencrypt` (in the image: `node /app/build/host/reencrypt.js`): rewrite every encrypted column under
 * ENCRYPTION_KEYS' newest key (app/server/db/reencrypt.server.ts; the rotation steps are in the README, "Rotating
 * secrets"; ADR 042). Safe to run while the app serves, and to run again. Prints one line per column; exit 1 when a value
 * is still not under the newest key (unreadable with this ring, or locked by the app during the run: run it again),
 * so the old key must not be removed yet.
 */
export {};

process.env.NODE_ENV ??= "production";

const { parseEnv } = await import("../app/server/platform/env.server.ts");
let config: ReturnType<typeof parseEnv>;
try {
  config = parseEnv(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
const batchSize = Number(process.env.REENCRYPT_BATCH_SIZE ?? 500);
if (!Number.isInteger(batchSize) || batchSize < 1) {
  console.error("REENCRYPT_BATCH_SIZE must be a whole number of rows, 1 or more");
  process.exit(2);
}

const { reencryptAll } = await import("../app/server/db/reencrypt.server.ts");
const { closeDb } = await import("../app/server/db/client.server.ts");

const newest = config.ENCRYPTION_KEYS[0]?.id;
console.log(
  config.ENCRYPTION_LEGACY_FORMAT
    ? `Re-encrypting under ENCRYPTION_KEY (no key ring: values keep the format without a key id)…`
    : `Re-encrypting under key ${newest} (ENCRYPTION_KEYS: ${config.ENCRYPTION_KEYS.map((key) => key.id).join(", ")})…`,
);
let code = 0;
try {
  const reports = await reencryptAll({ batchSize });
  for (const report of reports) {
    console.log(
      `${report.column}: ${report.reencrypted} re-encrypted, ${report.unreadable} unreadable; now ${report.current} under the newest key, ${report.remaining} not`,
    );
  }
  const remaining = reports.reduce((sum, report) => sum + report.remaining, 0);
  if (remaining > 0) {
    console.log(
      `${remaining} values are not under the newest key yet. Keep the older keys in ENCRYPTION_KEYS; run this again (values the app held locked are done next time). Unreadable values need a key that is not in the ring.`,
    );
    code = 1;
  } else {
    console.log("Every encrypted value is under the newest key: the older keys may leave ENCRYPTION_KEYS.");
  }
} catch (error) {
  console.error("keys:reencrypt could not run:", error instanceof Error ? error.message : error);
  code = 2;
} finally {
  await closeDb();
}
process.exit(code);
