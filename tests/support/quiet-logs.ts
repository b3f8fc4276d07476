/**
 * Vitest setup: the process's logger at "warn" inside test files (LOG_LEVEL overrides), so request and job lines do not
 * bury the reporter's output. Only this process: child processes a test spawns (scripts/worker.ts) log at their own
 * level, and some tests read those lines.
 */
import { logger } from "../../app/server/platform/log.server";

logger.level = process.env.LOG_LEVEL ?? "warn";
