import { describe, expect, it } from "vitest";
import type { Translate } from "~/components/i18n";
import { escapeText, READERS_MARKUP, REMEMBERED_MARKUP, remembered, rememberedForReader, rememberedMarkupCount } from "./markup";

/** A `t` over a catalogue of its own, counting the questions it is asked. */
function catalogue(words: Record<string, string>) {
  const asked: string[] = [];
  const t: Translate = (id, values) => {
    asked.push(id);
    return (words[id] ?? id).replace("{name}", String(values?.name ?? ""));
  };
  return { t, asked };
}

describe("remembered markup", () => {
  it("builds once per key and gives the same string back", () => {
    const { t } = catalogue({ "groupCard.you": "You" });
    let builds = 0;
    const build = (words: Translate) => {
      builds += 1;
      return `<li>${escapeText(`A & B, ${words("groupCard.you")}`)}</li>`;
    };
    expect(remembered("test:one", t, build)).toBe("<li>A &amp; B, You</li>");
    expect(remembered("test:one", t, build)).toBe("<li>A &amp; B, You</li>");
    expect(builds).toBe(1);
    expect(remembered("test:two", t, () => "<li>two</li>")).toBe("<li>two</li>");
  });

  it("is used again only while the catalogue gives the same words: another catalogue of the language builds its own", () => {
    const english = catalogue({ "groupCard.you": "You", "groupCard.admin": "Admin <{name}>" });
    const other = catalogue({ "groupCard.you": "Yourself", "groupCard.admin": "Admin <{name}>" });
    const build = (words: Translate) => `${words("groupCard.you")} ${words("groupCard.admin", { name: "Ana" })} ${words("groupCard.you")}`;
    expect(remembered("test:words", english.t, build)).toBe("You Admin <Ana> You");
    expect(remembered("test:words", other.t, build)).toBe("Yourself Admin <Ana> Yourself");
    expect(remembered("test:words", other.t, build)).toBe("Yourself Admin <Ana> Yourself");
    // A hit asks each distinct question once (with its values), not once per use in the markup.
    other.asked.length = 0;
    remembered("test:words", other.t, build);
    expect(other.asked).toEqual(["groupCard.you", "groupCard.admin"]);
  });

  it("is bounded, and forgets the least recently used key first", () => {
    const { t } = catalogue({});
    remembered("test:kept", t, () => "kept");
    for (let i = 0; i < REMEMBERED_MARKUP - 1; i++) {
      remembered(`test:filler:${i}`, t, () => `filler ${i}`);
      // "kept" is used between fillers, so it is never the least recently used.
      remembered("test:kept", t, () => "rebuilt");
    }
    expect(rememberedMarkupCount()).toBe(REMEMBERED_MARKUP);
    remembered("test:new", t, () => "new");
    expect(rememberedMarkupCount()).toBe(REMEMBERED_MARKUP);
    expect(remembered("test:kept", t, () => "rebuilt")).toBe("kept");
    // The first filler was the least recently used when "test:new" came: it is built again.
    expect(remembered("test:filler:0", t, () => "built again")).toBe("built again");
  });

  it("keeps each reader's own strings apart: many readers never push out what a group's members share", () => {
    const { t } = catalogue({});
    remembered("test:shared", t, () => "shared");
    for (let reader = 0; reader < READERS_MARKUP + REMEMBERED_MARKUP; reader++)
      rememberedForReader(`test:reader:${reader}`, t, () => `bell ${reader}`);
    expect(remembered("test:shared", t, () => "rebuilt")).toBe("shared");
    // The readers' own store is bounded too: the first reader's string was the least recently used.
    expect(rememberedForReader("test:reader:0", t, () => "built again")).toBe("built again");
    expect(rememberedForReader(`test:reader:${READERS_MARKUP + REMEMBERED_MARKUP - 1}`, t, () => "rebuilt")).toBe(
      `bell ${READERS_MARKUP + REMEMBERED_MARKUP - 1}`,
    );
  });
});
