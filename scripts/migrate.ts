/**
 * `npm run db:migrate` and Fly's release_command: apply migrations to DATABASE_URL, each in its own transaction under a
 * lock_timeout, retried when live traffic holds a lock (app/server/db/migrate.server.ts, ADR 043). Exits non-zero, with
 * the reason, when a migration fails or cannot get its locks before the deadline.
 */
import { migrateDatabase } from "../app/server/db/migrate.server.ts";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is required");
  process.exit(1);
}
try {
  const { applied } = await migrateDatabase(url);
  console.log(
    applied.length === 0
      ? "Migrations applied: none pending."
      : `Migrations applied: ${applied.map((one) => `${one.tag} (${one.ms} ms${one.attempts > 1 ? `, ${one.attempts} attempts` : ""})`).join(", ")}.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
