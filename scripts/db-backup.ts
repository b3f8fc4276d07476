/**
 * `npm run db:backup [-- <file>]`: a consistent backup of the embedded PostgreSQL (./.data/pg) into one file, by
 * default backups/rosca-<UTC time>.tar.gz. Works while `npm start` runs (the server keeps serving) and when it is
 * stopped (a server is started on the data directory for the backup and stopped after). scripts/lib/backup.ts says
 * what is in the file; `npm run db:restore -- <file>` puts it back. A PostgreSQL at DATABASE_URL (Fly) is backed up
 * with its own tools instead: README, "Backups".
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { backupCluster, runningPort } from "./lib/backup.ts";
import { startEmbeddedPostgres } from "./lib/postgres.ts";

const args = process.argv.slice(2);
const dataDirFlag = args.indexOf("--data-dir");
const dataDir = path.resolve(dataDirFlag >= 0 ? args.splice(dataDirFlag, 2)[1]! : ".data/pg");
const stamp = new Date()
  .toISOString()
  .replaceAll(":", "")
  .replace(/\.\d+Z$/, "Z");
const file = path.resolve(args[0] ?? `backups/rosca-${stamp}.tar.gz`);

if (process.env.DATABASE_URL) {
  console.error('db:backup backs up the embedded database (./.data/pg). For the PostgreSQL at DATABASE_URL, use pg_dump: README, "Backups".');
  process.exit(2);
}
if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
  console.error(`No embedded database at ${dataDir} (npm start creates it).`);
  process.exit(2);
}

let stopServer: (() => Promise<void>) | undefined;
let code = 0;
try {
  let port = runningPort(dataDir);
  if (port === null) {
    console.log(`Starting PostgreSQL on ${dataDir} for the backup…`);
    const server = await startEmbeddedPostgres({ dataDir, database: "rosca" });
    stopServer = server.stop;
    port = Number(new URL(server.url).port);
  }
  const manifest = await backupCluster({
    dataDir,
    adminUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    file,
    log: (line) => console.log(line),
  });
  console.log(`Backup written: ${path.relative(process.cwd(), file)} (as of ${manifest.createdAt}).`);
  console.log(`Restore it with: npm run db:restore -- ${path.relative(process.cwd(), file)}`);
} catch (error) {
  console.error("db:backup failed:", error instanceof Error ? error.message : error);
  code = 1;
} finally {
  await stopServer?.();
}
process.exit(code);
