/** `npm run db:migrate` and Fly's release_command: apply migrations to DATABASE_URL. */
import { migrateDatabase } from "../app/server/db/migrate.server.ts";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is required");
  process.exit(1);
}
await migrateDatabase(url);
console.log("Migrations applied.");
