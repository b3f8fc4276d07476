/**
 * A translator as app/domain's wording functions take it (ADR 056): the page's `t` (app/components/i18n.tsx
 * `Translate`), typed here so the domain needs no component. A function given one says its words in the reader's
 * language from the catalogue; without one, its English as before.
 */
import type { MessageId } from "./en-US";

export type Words = (id: MessageId, values?: Record<string, string | number>) => string;
