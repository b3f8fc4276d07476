/**
 * Issue 46 item 4 (ADR 056): a page or component must not render a literal English string outside the catalogue.
 * Every app/routes/*.tsx and app/components/**\/*.tsx is parsed with the TypeScript compiler, and a word in any of
 *
 * - JSX text (`<p>Hello</p>`),
 * - a string literal rendered as a child (`{"Hello"}`, `{busy ? "Saving…" : "Save"}`, a template's words),
 * - a string-literal value of an attribute people read or hear (aria-label, title, placeholder, alt, label…),
 *
 * fails the test, unless the file is listed in NOT_YET_TRANSLATED below or the word is one of NOT_WORDS
 * (scripts/lib/english-literals.ts, which finds them). Call
 * arguments are never looked into (`t("join.heading")`'s id is not a text), nor are other attributes (className, id,
 * href, name, value…).
 *
 * The list of files not yet translated shrinks as the translation goes on: a listed file that has become clean fails
 * too ("remove it from the list"), so the list never claims more than is true.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { englishIn, sourceFiles } from "../scripts/lib/english-literals";

const root = path.resolve(import.meta.dirname, "..");

/**
 * Words that are the same in every language: the brand, names of things, codes. A text made only of these (and of
 * symbols, digits and punctuation: "$", "×", "·", "—", "…") is not English.
 */
const NOT_WORDS = new Set([
  "Rosca", // the brand
  "SHA", // SHA-256, a name
  "user_good", // the sandbox bank's test credentials
  "pass_good",
  "Español", // the language switch names each language in itself
  "English",
]);

/**
 * Files still rendering English literals, each with whose part of issue 46 will translate it. Empty since part five
 * (h, i, j) merged: every page and component speaks through the catalogue. A file may come back here only with the
 * part of the work that will translate it; the test fails on a listed file that has no English left, so the list
 * cannot go stale.
 */
const NOT_YET_TRANSLATED = new Set<string>([]);

/**
 * English by design, not "not yet": the legal documents' own text (ADR 056: a Spanish reader gets the page's words in
 * Spanish, a notice that the English version governs, and the document marked lang="en-US" by LegalDocument). They are
 * content modules, outside the pages and components this guard reads; named here so that the exception is explicit
 * and cannot grow silently: each must still exist and still be English, and LegalDocument must still say so.
 */
const ENGLISH_BY_DESIGN = new Set<string>(["app/content/privacy.tsx", "app/content/terms.tsx"]);

describe("no literal English in pages and components (issue 46, ADR 056)", () => {
  const files = sourceFiles(root);
  const findings = new Map(files.map((file) => [file, englishIn(file, fs.readFileSync(path.join(root, file), "utf8"), NOT_WORDS)]));

  it("finds the English a component renders, and nothing else", () => {
    const sample = `
      export function Sample({ busy, name }: { busy: boolean; name: string }) {
        return (
          <section aria-label="Your groups" className="mt-2 flex" data-testid="sample">
            <h1>{t("join.heading", { name })}</h1>
            <p>Welcome back</p>
            <p>{busy ? "Saving…" : t("save")}</p>
            <p>{\`\${name} invited you\`}</p>
            <input placeholder={t("email")} name="email" />
            <input placeholder="name@example.com" type="email" />
            <p>{" "}· Rosca · $5.00 × 3 — {name}…</p>
            <T id="join.demo" components={{ 0: <code /> }} />
          </section>
        );
      }`;
    expect(englishIn("sample.tsx", sample, NOT_WORDS).map((finding) => finding.text)).toEqual([
      "Your groups",
      "Welcome back",
      "Saving…",
      "invited you",
    ]);
  });

  it("leaves no English literal outside the catalogue, except in the files not yet translated", () => {
    const found = [...findings].filter(([file, list]) => list.length > 0 && !NOT_YET_TRANSLATED.has(file)).flatMap(([, list]) => list);
    expect(found.map((finding) => `${finding.file}:${finding.line}: ${finding.text}`)).toEqual([]);
  });

  it("keeps the legal documents English by design, with the notice that the English version governs", () => {
    for (const file of ENGLISH_BY_DESIGN) {
      expect(files, `${file} is a content module, not a page the guard reads`).not.toContain(file);
      expect(englishIn(file, fs.readFileSync(path.join(root, file), "utf8"), NOT_WORDS).length, `${file} is still English`).toBeGreaterThan(0);
    }
    const legal = fs.readFileSync(path.join(root, "app/components/marketing/legal-document.tsx"), "utf8");
    expect(legal).toContain('t("legal.englishOnly")');
    expect(legal).toContain('lang={english ? undefined : "en-US"}');
  });

  it("lists only files that still have English in them, and only files that exist", () => {
    const stale = [...NOT_YET_TRANSLATED].filter((file) => (findings.get(file)?.length ?? 0) === 0);
    expect(stale, "translated (or gone): remove from NOT_YET_TRANSLATED").toEqual([]);
  });
});
