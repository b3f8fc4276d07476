/**
 * The app's tables, one file per area; import them from here (`~/server/db/schema`). drizzle.config.ts lists the area
 * files for drizzle-kit. The sandbox doubles keep their own tables (sandbox/postmark/schema.ts, sandbox/plaid/schema.ts).
 */
export * from "./accounts";
export * from "./admin";
export * from "./bank";
export * from "./email";
export * from "./groups";
export * from "./money";
export * from "./notifications";
export * from "./reports";
