import { describe, expect, it } from "vitest";
import { completenessTone, isNameIncomplete, missingProfileFields, profileCompleteness, type CompletenessInput } from "./profile-completeness";

const empty: CompletenessInput = { name: null, email: null, phone: null, address: null, city: null, state: null, zipCode: null, dateOfBirth: null };
const full: CompletenessInput = {
  name: "Amina Yusuf",
  email: "amina@example.com",
  phone: "(313) 555-0142",
  address: "1 Main St",
  city: "Dearborn",
  state: "MI",
  zipCode: "48126",
  dateOfBirth: "1990-04-02",
};

describe("profileCompleteness", () => {
  it.each([
    ["nothing", empty, 0],
    ["everything", full, 100],
    ["email only", { ...empty, email: "a@b.co" }, 13],
    ["name and email", { ...empty, name: "Amina", email: "a@b.co" }, 25],
    ["four of eight", { ...empty, name: "Amina", email: "a@b.co", phone: "1", city: "X" }, 50],
    ["placeholder name does not count", { ...full, name: "User" }, 88],
    ["name equal to email does not count", { ...full, name: "AMINA@example.com" }, 88],
    ["blank strings do not count", { ...full, phone: "  ", city: "" }, 75],
  ])("%s → %i%%", (_label, profile, percent) => {
    expect(profileCompleteness(profile)).toBe(percent);
  });

  it("lists what is missing", () => {
    expect(missingProfileFields({ ...full, phone: null, dateOfBirth: null })).toEqual(["phone", "dateOfBirth"]);
  });
});

describe("completenessTone", () => {
  it.each([
    [100, "green"],
    [80, "green"],
    [79, "amber"],
    [50, "amber"],
    [49, "red"],
    [0, "red"],
  ] as const)("%i%% → %s", (percent, tone) => {
    expect(completenessTone(percent)).toBe(tone);
  });
});

describe("isNameIncomplete", () => {
  it.each([
    ["", "a@b.co", true],
    ["User", "a@b.co", true],
    ["a@b.co", "a@b.co", true],
    ["Amina", "a@b.co", false],
  ])("%j with %j → %s", (name, email, incomplete) => {
    expect(isNameIncomplete(name, email)).toBe(incomplete);
  });
});
