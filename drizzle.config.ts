import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: ["./app/server/db/schema.ts", "./sandbox/postmark/schema.ts", "./sandbox/plaid/schema.ts"],
  out: "./drizzle",
  casing: "snake_case",
  dbCredentials: { url: process.env.DATABASE_URL ?? "postgres://localhost/unused" },
});
