import { describe, expect, it } from "vitest";
import { messageError, nameError, nameMessages, nameProblem, normalizeName } from "./names";

describe("nameProblem", () => {
  it.each([
    // Control characters, CR/LF and tab included.
    ["Amina\nYusuf", "control"],
    ["Family\r\nFund", "control"],
    ["Amina\tYusuf", "control"],
    ["Amina\u0000", "control"],
    ["Amina\u007F", "control"],
    ["Amina\u0085", "control"],
    ["Amina\u2028Yusuf", "control"],
    ["Amina\u2029Yusuf", "control"],
    // Direction: overrides, embeddings, isolates, marks.
    ["\u202Efasuy anima", "direction"],
    ["Amina\u202D", "direction"],
    ["\u202AAmina\u202C", "direction"],
    ["\u202BAmina", "direction"],
    ["\u2066Amina\u2069", "direction"],
    ["\u2067Amina", "direction"],
    ["\u2068Amina", "direction"],
    ["Amina\u200E", "direction"],
    ["Amina\u200F", "direction"],
    ["Amina\u061C", "direction"],
    // Invisible: zero-width characters and other fillers.
    ["\u200B\u200B", "invisible"],
    ["Am\u200Bina", "invisible"],
    ["Am\u200Cina", "invisible"],
    ["Am\u200Dina", "invisible"],
    ["Amina\u2060", "invisible"],
    ["\uFEFFAmina", "invisible"],
    ["Ami\u00ADna", "invisible"],
    ["\u3164", "invisible"],
    ["\u115F\u1160", "invisible"],
    ["\uFFA0", "invisible"],
    ["\u2800\u2800", "invisible"],
    ["Amina\u180E", "invisible"],
    ["A\u034Fmina", "invisible"],
    ["Amina\u{E0041}", "invisible"],
    // A joiner that does not join two pictographs is only a hidden character.
    ["\u{1F468}\u200D", "invisible"],
    ["\u200D\u{1F469}", "invisible"],
    ["A\u200D\u{1F469}", "invisible"],
  ])("%j is refused as %s", (value, problem) => {
    expect(nameProblem(value)).toBe(problem);
  });

  it.each([
    "Amina Yusuf",
    "Dana O'Brien-Smith",
    "José Álvarez",
    "Zoë",
    "王小明",
    "محمد علي",
    "Дмитрий",
    "Nguyễn Văn An",
    "Wedding Fund 2027",
    "❤️ Savings",
    "\u{1F468}\u200D\u{1F469}\u200D\u{1F467} Family Fund",
    "\u{1F44D}\u{1F3FD} Team",
    "\u{1F469}\u{1F3FD}\u200D\u{1F4BB} Coders",
    "Amina\u00A0Yusuf",
  ])("%j is accepted", (value) => {
    expect(nameProblem(value)).toBeNull();
  });
});

describe("normalizeName", () => {
  it("composes to NFC and trims", () => {
    expect(normalizeName("  Jose\u0301  ")).toBe("José");
    expect(normalizeName("Jose\u0301")).toBe(normalizeName("José"));
  });
});

describe("nameError", () => {
  it("says what is wrong in the field's own words", () => {
    expect(nameError("Amina\nYusuf", "Full name")).toBe("Full name can't contain line breaks, tabs or other control characters");
    expect(nameError("\u202Eabc", "Group name")).toBe("Group name can't contain characters that change the direction of the text");
    expect(nameError("\u200B\u200B", "Display name")).toBe("Display name can't contain invisible characters, such as zero-width spaces");
    expect(nameError("Amina", "Display name")).toBeNull();
    expect(nameMessages("Name")).toEqual({
      control: "Name can't contain line breaks, tabs or other control characters",
      direction: "Name can't contain characters that change the direction of the text",
      invisible: "Name can't contain invisible characters, such as zero-width spaces",
    });
  });
});

describe("messageError (several lines)", () => {
  it.each([
    ["Line one\nLine two", null],
    ["Windows\r\nline breaks\tand a tab", null],
    ["A bell \u0007 rings", "Message can't contain control characters"],
    ["\u202Eesrever", "Message can't contain characters that change the direction of the text"],
    ["zero\u200Bwidth", "Message can't contain invisible characters, such as zero-width spaces"],
    ["A family 👨‍👩‍👧 and ❤️", null],
  ])("%j → %s", (value, expected) => {
    expect(messageError(value, "Message")).toBe(expected);
  });
});
