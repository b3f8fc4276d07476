import { describe, expect, it } from "vitest";
import { i18nFor, translatorFor } from "~/components/i18n";
import { catalogue, catalogueJson, localeOfLink, requestLocale, translator } from "./locale.server";

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
