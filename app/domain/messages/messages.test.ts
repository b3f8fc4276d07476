import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
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
      expect(placeholders(translation), id).toEqual(placeholders(text));
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
