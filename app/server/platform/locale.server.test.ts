import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { i18nFor, translatorFor } from "~/components/i18n";
import { catalogue, catalogueFile, catalogueFileAt, catalogueJson, localeOfLink, requestLocale, translator } from "./locale.server";

describe("a link's language (?lang=, ADR 056)", () => {
  it("answers a visitor in the link's language, over the cookie and Accept-Language, never over the account", () => {
    const request = new Request("http://localhost/auth/confirm?id=1&token=2&lang=es-US", {
      headers: { Cookie: "rosca_lang=en-US", "Accept-Language": "en" },
    });
    expect(localeOfLink(request)).toBe("es-US");
    expect(requestLocale(request)).toBe("es-US");
    expect(requestLocale(request, "en-US")).toBe("en-US");
    expect(localeOfLink(new Request("http://localhost/?lang=fr"))).toBeNull();
  });
});

describe("the catalogue as the browser gets it (ADR 059, part five)", () => {
  it("is the compiled catalogue as JSON, made once per language, safe inside a script block, and formats as compiled", () => {
    const json = catalogueJson("es-US");
    expect(catalogueJson("es-US")).toBe(json);
    expect(JSON.parse(json)).toEqual(catalogue("es-US"));
    expect(JSON.parse(catalogueJson("en-US"))).toEqual(catalogue("en-US"));
    // Messages with tags (`<0>…</0>`) are in it, escaped: nothing in the block can close it.
    expect(JSON.stringify(catalogue("en-US"))).toContain("<");
    expect(catalogueJson("en-US")).not.toContain("<");
    const t = translatorFor({ locale: "es-US", messages: json });
    expect(t("shell.skip")).toBe(translator("es-US")("shell.skip"));
    expect(t("home.example.memberCount", { count: 10 })).toBe(translator("es-US")("home.example.memberCount", { count: 10 }));
    expect(translatorFor({ locale: "en-US", messages: catalogueJson("en-US") })("shell.skip")).toBe("Skip to content");
    // Parsed once per language: the same text in another string object brings back the same instance.
    expect(i18nFor("es-US", ` ${json}`.slice(1))).toBe(i18nFor("es-US", json));
  });
});

describe("the catalogue as a file of its own (ADR 059, part six (k))", () => {
  it("hands the browser the same JSON text, under a name of its language, reader and content, found again by its path", () => {
    for (const locale of ["en-US", "es-US"] as const) {
      for (const admin of [false, true]) {
        const file = catalogueFile(locale, { admin });
        expect(file.path).toMatch(new RegExp(`^/l10n/${locale}\\.${admin ? "admin" : "member"}\\.[A-Za-z0-9_-]{16}\\.js$`));
        expect(catalogueFile(locale, { admin })).toBe(file);
        expect(catalogueFileAt(file.path)).toBe(file);
        // Run as the browser runs it: it leaves the JSON text where i18n.tsx reads it.
        const context: { self?: unknown; __l10n?: string } = {};
        context.self = context;
        vm.runInNewContext(file.body, context);
        expect(context.__l10n).toBe(catalogueJson(locale, { admin }));
      }
    }
    expect(catalogueFile("en-US", { admin: false }).path).not.toBe(catalogueFile("en-US", { admin: true }).path);
    expect(catalogueFile("en-US", { admin: false }).path).not.toBe(catalogueFile("es-US", { admin: false }).path);
    const member = catalogueFile("es-US", { admin: false }).path;
    expect(catalogueFileAt(member.replace(/\.[A-Za-z0-9_-]{16}\.js$/, ".AAAAAAAAAAAAAAAA.js"))).toBeNull();
    expect(catalogueFileAt("/l10n/fr-FR.member.AAAAAAAAAAAAAAAA.js")).toBeNull();
    expect(catalogueFileAt("/l10n/")).toBeNull();
  });
});
