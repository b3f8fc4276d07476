import { describe, expect, it } from "vitest";
import { isLocale, localeForTag, parseAcceptLanguage, resolveLocale } from "./locale";

describe("parseAcceptLanguage", () => {
  it("picks the first supported language by quality, then by order", () => {
    expect(parseAcceptLanguage("es-US,es;q=0.9,en;q=0.8")).toBe("es-US");
    expect(parseAcceptLanguage("es-MX")).toBe("es-US");
    expect(parseAcceptLanguage("en-GB,es;q=0.5")).toBe("en-US");
    expect(parseAcceptLanguage("fr-FR,es;q=0.7,en;q=0.6")).toBe("es-US");
    expect(parseAcceptLanguage("en;q=0.4, es;q=0.8")).toBe("es-US");
    expect(parseAcceptLanguage("de, en")).toBe("en-US");
  });

  it("treats q=0 as a refusal and ignores what it cannot read", () => {
    expect(parseAcceptLanguage("es;q=0, en;q=0.1")).toBe("en-US");
    expect(parseAcceptLanguage("fr, de")).toBeNull();
    expect(parseAcceptLanguage("")).toBeNull();
    expect(parseAcceptLanguage(null)).toBeNull();
    expect(parseAcceptLanguage(";;,,")).toBeNull();
    expect(parseAcceptLanguage(`es,${"x".repeat(1000)}`)).toBeNull();
  });
});

describe("resolveLocale", () => {
  it("prefers the account, then the cookie, then Accept-Language, then English", () => {
    expect(resolveLocale({ account: "es-US", cookie: "en-US", acceptLanguage: "en" })).toBe("es-US");
    expect(resolveLocale({ account: null, cookie: "es-US", acceptLanguage: "en" })).toBe("es-US");
    expect(resolveLocale({ cookie: "en-US", acceptLanguage: "es" })).toBe("en-US");
    expect(resolveLocale({ acceptLanguage: "es-419" })).toBe("es-US");
    expect(resolveLocale({})).toBe("en-US");
  });

  it("honours a link's language (an email's `?lang=`) after the account's and before the cookie's", () => {
    expect(resolveLocale({ account: "en-US", link: "es-US", cookie: "es-US" })).toBe("en-US");
    expect(resolveLocale({ account: null, link: "es-US", cookie: "en-US", acceptLanguage: "en" })).toBe("es-US");
    expect(resolveLocale({ link: "en-US", cookie: "es-US" })).toBe("en-US");
    expect(resolveLocale({ link: "klingon", cookie: "es-US" })).toBe("es-US");
  });

  it("ignores values that are not one of the product's languages", () => {
    expect(resolveLocale({ account: "fr-FR", cookie: "xx", acceptLanguage: "es" })).toBe("es-US");
    expect(isLocale("es-US")).toBe(true);
    expect(isLocale("es")).toBe(false);
    expect(localeForTag("ES_us")).toBe("es-US");
    expect(localeForTag("pt-BR")).toBeNull();
  });
});
