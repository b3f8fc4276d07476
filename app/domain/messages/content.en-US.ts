export const CONTENT_MESSAGES = {} as const;
