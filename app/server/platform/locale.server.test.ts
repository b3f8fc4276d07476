import { describe, expect, it } from "vitest";
import { localeOfLink, requestLocale } from "./locale.server";

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
