import type { CONTENT_MESSAGES } from "./content.en-US";

export const CONTENT_MESSAGES_ES: Record<keyof typeof CONTENT_MESSAGES, string> = {};
