/**
 * Markup written as a string for the parts of a page that never change on the client (no handlers, no state): the pool
 * chart's drawing, the payout timeline's steps. A page's server render costs about the same per React element whatever
 * the element (ADR 059: some 8.6 µs each on this machine), so a list of a few dozen static elements is cheaper as one
 * string set with `dangerouslySetInnerHTML` on the element React still renders. Every text and attribute value goes
 * through `escapeText`, which escapes as React does.
 */

import type { MessageValues, Translate } from "~/components/i18n";
import type { MessageId } from "~/domain/messages/en-US";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** Text (or an attribute value) for HTML, escaped as React escapes it. */
export function escapeText(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * Markup remembered across requests (ADR 059 part seven (n)): a builder's string for the exact inputs it was built from.
 * The key is those inputs, written out in full (`JSON.stringify` of everything the builder reads, with the reader's
 * language), so a hit is the string the builder would write again: nothing to invalidate, and nothing of one reader's
 * can reach another unless their inputs are the same. The words come from `t`: each remembered string keeps the
 * catalogue's answers it was built with, and is used again only while `t` gives the same ones (a page in another
 * catalogue of the same language builds its own). Most of a group page's lists are the same for every member of the
 * group between two of its changes (the pool's drawing and numbers, the members, the schedule for all but the member
 * whose turn it is). Bounded: the least recently used string goes past `REMEMBERED_MARKUP` entries.
 */
export const REMEMBERED_MARKUP = 256;
type Remembered = { markup: string; words: Array<[id: MessageId, values: MessageValues | undefined, text: string]> };
type Remember = (key: string, t: Translate, build: (t: Translate) => string) => string;

/** A store of remembered markup, `limit` strings at most, the least recently used out first. */
export function markupMemory(limit: number): { remembered: Remember; count: () => number } {
  const rememberedMarkup = new Map<string, Remembered>();
  function remembered(key: string, t: Translate, build: (t: Translate) => string): string {
    const known = rememberedMarkup.get(key);
    if (known !== undefined && known.words.every(([id, values, text]) => t(id, values) === text)) {
      // Most recently used last: a Map keeps insertion order, so the first key is the least recently used.
      rememberedMarkup.delete(key);
      rememberedMarkup.set(key, known);
      return known.markup;
    }
    const words: Remembered["words"] = [];
    const asked = new Set<string>();
    const markup = build((id, values) => {
      const text = t(id, values);
      const question = values === undefined ? id : `${id}:${JSON.stringify(values)}`;
      if (!asked.has(question)) {
        asked.add(question);
        words.push([id, values, text]);
      }
      return text;
    });
    rememberedMarkup.delete(key);
    if (rememberedMarkup.size >= limit) rememberedMarkup.delete(rememberedMarkup.keys().next().value!);
    rememberedMarkup.set(key, { markup, words });
    return markup;
  }
  return { remembered, count: () => rememberedMarkup.size };
}

/** The group pages' and the dashboard's cards' strings: the same for many readers. */
const shared = markupMemory(REMEMBERED_MARKUP);
export const remembered: Remember = shared.remembered;

/**
 * One reader's own strings (ADR 059 part eight (s): their bell's items, their dashboard's activity), kept apart so that
 * many readers' strings never push the strings shared by a group's members out of `remembered`.
 */
export const READERS_MARKUP = 1024;
const readers = markupMemory(READERS_MARKUP);
export const rememberedForReader: Remember = readers.remembered;

/** How many strings are remembered (for tests). */
export function rememberedMarkupCount(): number {
  return shared.count();
}
