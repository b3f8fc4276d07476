/**
 * Markup written as a string for the parts of a page that never change on the client (no handlers, no state): the pool
 * chart's drawing, the payout timeline's steps. A page's server render costs about the same per React element whatever
 * the element (ADR 059: some 8.6 µs each on this machine), so a list of a few dozen static elements is cheaper as one
 * string set with `dangerouslySetInnerHTML` on the element React still renders. Every text and attribute value goes
 * through `escapeText`, which escapes as React does.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** Text (or an attribute value) for HTML, escaped as React escapes it. */
export function escapeText(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}
