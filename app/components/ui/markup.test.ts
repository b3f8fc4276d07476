import { describe, expect, it } from "vitest";
import { escapeText, REMEMBERED_MARKUP, remembered, rememberedMarkupCount } from "./markup";

describe("remembered markup", () => {
  it("builds once per key and gives the same string back", () => {
    let builds = 0;
    const build = () => {
      builds += 1;
      return `<li>${escapeText("A & B")}</li>`;
    };
    expect(remembered("test:one", build)).toBe("<li>A &amp; B</li>");
    expect(remembered("test:one", build)).toBe("<li>A &amp; B</li>");
    expect(builds).toBe(1);
    expect(remembered("test:two", () => "<li>two</li>")).toBe("<li>two</li>");
  });

  it("is bounded, and forgets the least recently used key first", () => {
    remembered("test:kept", () => "kept");
    for (let i = 0; i < REMEMBERED_MARKUP - 1; i++) {
      remembered(`test:filler:${i}`, () => `filler ${i}`);
      // "kept" is used between fillers, so it is never the least recently used.
      remembered("test:kept", () => "rebuilt");
    }
    expect(rememberedMarkupCount()).toBe(REMEMBERED_MARKUP);
    remembered("test:new", () => "new");
    expect(rememberedMarkupCount()).toBe(REMEMBERED_MARKUP);
    expect(remembered("test:kept", () => "rebuilt")).toBe("kept");
    // The first filler was the least recently used when "test:new" came: it is built again.
    expect(remembered("test:filler:0", () => "built again")).toBe("built again");
  });
});
