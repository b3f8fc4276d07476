/**
 * Names people see (ADR 038): a member's name on payout schedules and invitations, a group's name in email subjects.
 * One rule for every field that holds one. The text is normalised to NFC (so "é" typed as e + accent and as one
 * character are the same name), and three kinds of character are refused, each with its own message:
 *
 * - control characters: C0 and C1 controls (tab, CR, LF, NUL, DEL, …) and the line and paragraph separators. A line
 *   break in a group name splits an email subject or a calendar entry.
 * - direction controls: the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the direction
 *   marks (U+200E, U+200F, U+061C). U+202E turns "Amina" into what reads as another name.
 * - invisible characters: Unicode's default-ignorable code points (zero-width space, joiner and non-joiner, word
 *   joiner, soft hyphen, BOM, Hangul fillers, tags, …) and the blank Braille pattern. Two zero-width spaces make a
 *   name that shows as nothing. Two exceptions keep emoji whole: variation selectors (the U+FE0F of "❤️"), and a
 *   zero-width joiner between two pictographs (the family in "👨‍👩‍👧").
 *
 * Pure; it only decides. Stored names are never checked on the way out: a row saved before this rule reads as it was.
 */
import type { z } from "zod";

export type NameProblem = "control" | "direction" | "invisible";

const CONTROL = /[\p{Cc}\u2028\u2029]/u;
const DIRECTION = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** Variation selectors (Mongolian, standard, supplement): they pick a glyph's form, they hide nothing. */
const VARIATION_SELECTOR = /[\u180B-\u180D\u180F\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800]/u;
const ZERO_WIDTH_JOINER = "\u200D";
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
/** What may sit between a pictograph and the joiner that follows it: its emoji variation selector, a skin tone. */
const EMOJI_MODIFIER = /[\uFE0F\u{1F3FB}-\u{1F3FF}]/u;

/** A zero-width joiner inside an emoji sequence: a pictograph (with its modifiers) before it, a pictograph after. */
function joinsPictographs(chars: string[], index: number) {
  let before = index - 1;
  while (before >= 0 && EMOJI_MODIFIER.test(chars[before]!)) before -= 1;
  return before >= 0 && PICTOGRAPH.test(chars[before]!) && index + 1 < chars.length && PICTOGRAPH.test(chars[index + 1]!);
}

/** The first kind of refused character in `value`, or null. */
export function nameProblem(value: string): NameProblem | null {
  if (CONTROL.test(value)) return "control";
  if (DIRECTION.test(value)) return "direction";
  // Code points, on purpose: the joiner and the characters around it are separate code points of one grapheme.
  // biome-ignore lint/nursery/noMisusedSpread: this rule looks at code points, not at what a reader sees as characters
  const chars = [...value];
  for (const [index, char] of chars.entries()) {
    if (!INVISIBLE.test(char) || VARIATION_SELECTOR.test(char)) continue;
    if (char === ZERO_WIDTH_JOINER && joinsPictographs(chars, index)) continue;
    return "invisible";
  }
  return null;
}

/** NFC, without surrounding whitespace: the form a name is checked and stored in. */
export function normalizeName(value: string) {
  return value.normalize("NFC").trim();
}

/** What a field called `label` ("Full name", "Group name", …) says for each refused kind. */
export function nameMessages(label: string): Record<NameProblem, string> {
  return {
    control: `${label} can't contain line breaks, tabs or other control characters`,
    direction: `${label} can't contain characters that change the direction of the text`,
    invisible: `${label} can't contain invisible characters, such as zero-width spaces`,
  };
}

/** The message for `value` in a field called `label`, or null when the name is acceptable. */
export function nameError(value: string, label: string): string | null {
  const problem = nameProblem(value);
  return problem ? nameMessages(label)[problem] : null;
}

/** For a zod string's `.check()` (after `.trim().normalize("NFC")`): the field's message when the name has a refused character. */
export function nameCheck(label: string) {
  return (ctx: z.core.ParsePayload<string>) => {
    const message = nameError(ctx.value, label);
    if (message) ctx.issues.push({ code: "custom", message, input: ctx.value });
  };
}

/**
 * The same rule for a message of several lines (a problem report, an admin's reply): line breaks and tabs are fine
 * there; every other control character, the direction controls and the invisible characters are refused as in a name.
 */
export function messageError(value: string, label: string): string | null {
  const problem = nameProblem(value.replace(/\r\n|[\r\n\t]/g, " "));
  if (problem === "control") return `${label} can't contain control characters`;
  return problem ? nameMessages(label)[problem] : null;
}

/** For a zod string's `.check()`: the field's message when the message has a refused character. */
export function messageCheck(label: string) {
  return (ctx: z.core.ParsePayload<string>) => {
    const message = messageError(ctx.value, label);
    if (message) ctx.issues.push({ code: "custom", message, input: ctx.value });
  };
}
