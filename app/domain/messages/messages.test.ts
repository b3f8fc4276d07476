import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { emailMessages as englishEmail } from "./email.en-US";
import { emailMessages as spanishEmail } from "./email.es-US";
import { messages as english, SERVER_TEXTS } from "./en-US";
import { messages as spanish } from "./es-US";

/** The `{name}` arguments and `<n>` tags of a message: a translation must use the same ones. */
function placeholders(text: string) {
  const names = [...text.matchAll(/\{\s*(\w+)/g)].map((match) => match[1]);
  const tags = [...text.matchAll(/<(\d+)>/g)].map((match) => match[1]);
  return { names: [...new Set(names)].sort(), tags: tags.sort() };
}

describe("the catalogues (ADR 056)", () => {
  it("give every English message a Spanish text, and have no Spanish message English lacks", () => {
    const englishIds = Object.keys(english).sort();
    const spanishIds = Object.keys(spanish).sort();
    expect(spanishIds.filter((id) => !englishIds.includes(id))).toEqual([]);
    expect(englishIds.filter((id) => !spanishIds.includes(id))).toEqual([]);
    for (const id of englishIds) expect(spanish[id as keyof typeof spanish].trim(), id).not.toBe("");
  });

  it("use the same arguments and tags in both languages, and every message compiles", () => {
    for (const [id, text] of Object.entries(english)) {
      const translation = spanish[id as keyof typeof spanish];
      // Arguments compared on the compiled messages, so plural and select branches count (their words differ).
      expect(argumentsOf(compileMessage(translation)), id).toEqual(argumentsOf(compileMessage(text)));
      expect(placeholders(translation).tags, id).toEqual(placeholders(text).tags);
      expect(() => compileMessage(text)).not.toThrow();
      expect(() => compileMessage(translation)).not.toThrow();
    }
  });

  it("translate what the server writes in English: its texts are keys of their own, word for word", () => {
    for (const text of SERVER_TEXTS) expect(english[text]).toBe(text);
    expect(spanish["Passwords do not match"]).toBe("Las contraseñas no coinciden");
  });

  it("keep English texts without arguments exactly as written once compiled (SPEC.md's words)", () => {
    for (const [id, text] of Object.entries(english)) {
      if (/[{}]/.test(text)) continue;
      const compiled: unknown = compileMessage(text);
      expect(compiled, id).toEqual([text]);
    }
  });

  it("say 'usted', never 'tú' (docs/glossary-es.md)", () => {
    const informal = /\b(tú|tienes|puedes|quieres|tu cuenta|tus |eres|haz |crea tu|inicia sesión)\b/i;
    for (const [id, text] of Object.entries(spanish)) expect(informal.test(text), `${id}: ${text}`).toBe(false);
  });
});

/** The arguments a compiled message uses, branches included (the kind may differ: English ordinals, Spanish "el día 15"). */
function argumentsOf(compiled: unknown, found = new Set<string>()): string[] {
  // A compiled message is a list of parts: text, or an argument [name, kind?, branches?] whose branches are messages.
  if (Array.isArray(compiled)) {
    for (const part of compiled) {
      if (!Array.isArray(part)) continue;
      const [name, , branches] = part as [string, string | undefined, Record<string, unknown> | undefined];
      found.add(name);
      for (const branch of Object.values(branches ?? {})) argumentsOf(branch, found);
    }
  }
  return [...found].sort();
}

describe("the emails' catalogues (ADR 056, part two)", () => {
  it("give every English email message a Spanish text, with the same arguments, and nothing more", () => {
    expect(Object.keys(spanishEmail).sort()).toEqual(Object.keys(englishEmail).sort());
    for (const [id, text] of Object.entries(englishEmail)) {
      const translation = spanishEmail[id as keyof typeof spanishEmail];
      expect(translation.trim(), id).not.toBe("");
      expect(argumentsOf(compileMessage(translation)), id).toEqual(argumentsOf(compileMessage(text)));
    }
  });

  it("find the arguments of plurals and selects, so a dropped one fails", () => {
    expect(argumentsOf(compileMessage("Hi {name}, {hours, plural, one {# hour} other {# hours}}"))).toEqual(["hours", "name"]);
    expect(argumentsOf(compileMessage("Hola"))).toEqual([]);
  });

  it("say 'usted', never 'tú'", () => {
    const informal = /\b(tú|tienes|puedes|quieres|tu cuenta|tus |eres|haz |crea tu|inicia sesión|confirma tu)\b/i;
    for (const [id, text] of Object.entries(spanishEmail)) expect(informal.test(text), `${id}: ${text}`).toBe(false);
  });
});
