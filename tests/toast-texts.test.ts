/**
 * ADR 056, part five (m): no toast goes out in English only. Every literal `title:` / `description:` the server's toast
 * helpers are given under app/routes and app/server (scripts/lib/toast-literals.ts finds them with the TypeScript
 * compiler) must be in SERVER_TEXTS, so the page shows it in the reader's language (`useTranslateText` in the
 * toaster), with its Spanish in es-US.ts. A sentence with a name, a date or a figure in it cannot sit there under its
 * own words: it is written through the catalogue instead (`inReaderLanguage`, `swapToastIn`, `nudgeSentIn`, or
 * `locale === DEFAULT_LOCALE ? English : translator(locale)(id, values)`), and a bare template fails here.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { toastLiterals, toastSourceFiles } from "../scripts/lib/toast-literals";
import { SERVER_TEXTS } from "../app/domain/messages/en-US";
import { messages as spanish } from "../app/domain/messages/es-US";

const root = path.resolve(import.meta.dirname, "..");

describe("toast texts (ADR 056 part five (m))", () => {
  it("finds the literal titles and descriptions a toast is given, and only those", () => {
    const sample = `
      const ADMINS_ONLY = "Only admins.";
      const DAYS = \`Choose between \${min} and \${max} days.\`;
      const SAVED = { title: "Saved", description: "All good." };
      export async function action({ request }) {
        if (a) return redirectWithToast(request, "/", { type: "error", title: ADMINS_ONLY });
        if (b) return redirectWithToast(request, "/", { type: "error", title: DAYS });
        if (c) return redirectWithToast(request, "/", { type: "success", ...SAVED });
        if (d) return redirectWithToast(request, "/", ok ? { title: "Yes" } : { title: x ? "Maybe" : "No", description: y ?? "Why" });
        if (e) return redirectWithToast(request, "/", { title: result.title, description: inReaderLanguage(request, user, \`To \${name}\`, "id", {}) });
        if (f) return redirectWithToast(request, "/", { title: "Sent", description: en ? \`It is \${day}.\` : translator(locale)("id", { day }) });
        headers.append("Set-Cookie", await flashToast(request, { title: "Session Expired" }));
        return data({ title: "Not a toast" });
      }`;
    expect(toastLiterals("app/routes/sample.tsx", sample).map(({ property, text, template }) => [property, text, template])).toEqual([
      ["title", "Only admins.", false],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the template's source text, as the finder reports it
      ["title", "`Choose between ${min} and ${max} days.`", true],
      ["title", "Saved", false],
      ["description", "All good.", false],
      ["title", "Yes", false],
      ["title", "Maybe", false],
      ["title", "No", false],
      ["description", "Why", false],
      ["title", "Sent", false],
      ["title", "Session Expired", false],
    ]);
  });

  const files = toastSourceFiles(root);
  const found = files.flatMap((file) => toastLiterals(file, fs.readFileSync(path.join(root, file), "utf8")));

  it("reads the routes and the server's modules, and finds their toasts", () => {
    expect(files).toContain("app/routes/groups.$groupId.tsx");
    expect(files).toContain("app/routes/api.session.ts");
    // Enough toasts that the finder is not silently finding nothing (79 in 156 modules at part five (m)).
    expect(found.length).toBeGreaterThan(60);
    expect(found).toContainEqual(expect.objectContaining({ file: "app/routes/api.session.ts", property: "title", text: "Session Expired" }));
    expect(found).toContainEqual(expect.objectContaining({ file: "app/routes/groups.$groupId.tsx", property: "title", text: "Reminder sent" }));
  });

  it("every literal toast title and description is in SERVER_TEXTS, with its Spanish", () => {
    const server = new Set<string>(SERVER_TEXTS);
    const missing = found
      .filter((literal) => literal.template || !server.has(literal.text))
      .map(({ file, line, property, text }) => `${file}:${line} ${property}: ${text}`);
    expect(missing).toEqual([]);
    const untranslated = found.filter((literal) => !literal.template && spanish[literal.text as keyof typeof spanish] === literal.text);
    expect(untranslated.map(({ text }) => text)).toEqual([]);
  });
});
