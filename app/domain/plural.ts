/**
 * Plural forms through Intl.PluralRules (issue 33: "(1 more members)"), so that a count and its noun always agree and
 * the words live in one place. English needs "one" and "other"; the rules pick, so a language with more forms only
 * needs its forms added. Counts are formatted as the app formats numbers ("1,204").
 */
const rules = new Intl.PluralRules("en-US");
const numbers = new Intl.NumberFormat("en-US");

export type PluralForms = { one: string; other: string };

/** The form for `count`: pluralWord(1, { one: "member", other: "members" }) is "member". */
export function pluralWord(count: number, forms: PluralForms): string {
  return rules.select(count) === "one" ? forms.one : forms.other;
}

/** The count and its form: plural(3, { one: "member", other: "members" }) is "3 members"; 1 is "1 member". */
export function plural(count: number, forms: PluralForms): string {
  return `${numbers.format(count)} ${pluralWord(count, forms)}`;
}
