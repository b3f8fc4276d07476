import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // The app's tables by area (app/server/db/schema/index.ts re-exports them), then the sandbox doubles' own.
  schema: [
    "./app/server/db/schema/accounts.ts",
    "./app/server/db/schema/admin.ts",
    "./app/server/db/schema/bank.ts",
    "./app/server/db/schema/email.ts",
    "./app/server/db/schema/groups.ts",
    "./app/server/db/schema/money.ts",
    "./app/server/db/schema/notifications.ts",
    "./app/server/db/schema/reports.ts",
    "./sandbox/postmark/schema.ts",
    "./sandbox/plaid/schema.ts",
  ],
  out: "./drizzle",
  casing: "snake_case",
  dbCredentials: { url: process.env.DATABASE_URL ?? "postgres://localhost/unused" },
});
