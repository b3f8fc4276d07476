import { describe, expect, it } from "vitest";
import { plural, pluralWord } from "./plural";

const members = { one: "member", other: "members" };

describe("plural", () => {
  it.each([
    [0, "0 members"],
    [1, "1 member"],
    [2, "2 members"],
    [1.5, "1.5 members"],
    [1204, "1,204 members"],
  ])("%d → %s", (count, text) => {
    expect(plural(count, members)).toBe(text);
  });

  it("picks a phrase's form, verb agreement included", () => {
    expect(plural(1, { one: "group needs", other: "groups need" })).toBe("1 group needs");
    expect(plural(4, { one: "group needs", other: "groups need" })).toBe("4 groups need");
  });

  it("gives the bare form for wording that puts the number elsewhere", () => {
    expect(pluralWord(1, { one: "it", other: "them" })).toBe("it");
    expect(pluralWord(3, { one: "it", other: "them" })).toBe("them");
  });
});
