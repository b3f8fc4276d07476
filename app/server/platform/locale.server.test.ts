import { describe, expect, it } from "vitest";
import { i18nFor, translatorFor } from "~/components/i18n";
import { catalogue, catalogueJson, localeOfLink, requestLocale } from "./locale.server";

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

describe("the catalogue as the root loader sends it (ADR 059, part five)", () => {
  it("is the compiled catalogue as JSON, made once per language, and formats as the catalogue does", () => {
    const json = catalogueJson("es-US");
    expect(catalogueJson("es-US")).toBe(json);
    expect(JSON.parse(json)).toEqual(catalogue("es-US"));
    expect(JSON.parse(catalogueJson("en-US"))).toEqual(catalogue("en-US"));
    const fromJson = translatorFor({ locale: "es-US", messages: json });
    const fromObject = translatorFor({ locale: "es-US", messages: catalogue("es-US") });
    expect(fromJson("shell.skip")).toBe(fromObject("shell.skip"));
    expect(fromJson("home.example.memberCount", { count: 10 })).toBe(fromObject("home.example.memberCount", { count: 10 }));
    expect(translatorFor({ locale: "en-US", messages: catalogueJson("en-US") })("shell.skip")).toBe("Skip to content");
    // Parsed once per language: the same text brings back the same instance.
    expect(i18nFor("es-US", `${json}`)).toBe(i18nFor("es-US", json));
  });
});
