import { describe, expect, it } from "vitest";
import { renderEmail } from "../../app/server/email/templates";
import { extractLinks, previewDocument } from "./view";

describe("extractLinks", () => {
  it("finds hrefs (entities decoded) and bare URLs in text, once each, in order", () => {
    expect(
      extractLinks({
        htmlBody: `<a href="https://a.example/x?id=1&amp;token=2">A</a> <a class=c href='http://b.example/'>B</a> <A HREF=https://c.example/p>C</A>`,
        textBody: "See https://a.example/x?id=1&token=2. Also (https://d.example/q), and http://b.example/",
      }),
    ).toEqual(["https://a.example/x?id=1&token=2", "http://b.example/", "https://c.example/p", "https://d.example/q"]);
  });

  it("leaves out javascript:, data: and mailto: links", () => {
    expect(
      extractLinks({
        htmlBody: `<a href="javascript:alert(1)">x</a><a href="data:text/html,hi">y</a><a href="mailto:a@b.c">z</a>`,
        textBody: null,
      }),
    ).toEqual([]);
  });

  it("finds the confirmation link of a rendered email exactly once", () => {
    const confirmUrl = "http://localhost:3000/auth/confirm?id=4f0c9a52-6a51-4c39-9d0b-3c1f2b8e7a11&token=abc_DEF-123";
    const rendered = renderEmail({ template: "confirm-email", data: { name: "A", confirmUrl, expiresInHours: 24 } });
    expect(extractLinks({ htmlBody: rendered.html, textBody: rendered.text })).toEqual([confirmUrl]);
  });
});

describe("previewDocument", () => {
  it("makes links open in the top window", () => {
    expect(previewDocument('<html><head lang="en"><title>t</title></head><body>x</body></html>')).toBe(
      '<html><head lang="en"><base target="_top"><title>t</title></head><body>x</body></html>',
    );
  });

  it("wraps a fragment in a document", () => {
    expect(previewDocument("<p>Hi</p>")).toBe(
      '<!DOCTYPE html><html><head><meta charset="utf-8"><base target="_top"></head><body><p>Hi</p></body></html>',
    );
  });
});
