/**
 * `npm run db:restore -- <file>`: put a backup made by `npm run db:backup` back as the embedded database
 * (./.data/pg), with `npm start` stopped. The current data directory is kept beside it
 * (.data/pg.before-restore-<time>), never deleted. PostgreSQL is then started once on the restored directory, which
 * replays the backup's WAL, and the database is checked to open before this reports success.
 */
import path from "node:path";
import { restoreCluster } from "./lib/backup.ts";
import { startEmbeddedPostgres } from "./lib/postgres.ts";

const args = process.argv.slice(2);
const dataDirFlag = args.indexOf("--data-dir");
const dataDir = path.resolve(dataDirFlag >= 0 ? args.splice(dataDirFlag, 2)[1]! : ".data/pg");
const file = args[0];

if (!file) {
  console.error("Usage: npm run db:restore -- <backup file>   (a file from npm run db:backup; stop npm start first)");
  process.exit(2);
}
if (process.env.DATABASE_URL) {
  console.error('db:restore restores the embedded database (./.data/pg). For the PostgreSQL at DATABASE_URL, use pg_restore: README, "Backups".');
  process.exit(2);
}

let code = 0;
try {
  await restoreCluster({ file: path.resolve(file), dataDir, log: (line) => console.log(line) });
  console.log("Starting PostgreSQL once to replay the backup's WAL…");
  const server = await startEmbeddedPostgres({ dataDir, database: "rosca" });
  try {
    const pg = (await import("pg")).default;
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const { rows } = await client.query<{ users: string; transfers: string }>(
      "select (select count(*) from users) as users, (select count(*) from ledger_transfers) as transfers",
    );
    await client.end();
    console.log(`The database opens: ${rows[0]!.users} users, ${rows[0]!.transfers} ledger transfers.`);
  } finally {
    await server.stop();
  }
  console.log("Done. Start the app with npm start; npm run ledger:verify (while it runs) checks the ledger against the bank.");
} catch (error) {
  console.error("db:restore failed:", error instanceof Error ? error.message : (error ?? "PostgreSQL did not start on the restored directory"));
  code = 1;
}
process.exit(code);
