import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  ageOn,
  calendarDayIn,
  changePasswordSchema,
  checkDateOfBirth,
  DEFAULT_PREFERENCES,
  describeDevice,
  loginCodeSchema,
  normalizeState,
  normalizeUsPhone,
  normalizeZip,
  preferencesSchema,
  profileSchema,
  PROFILE_MESSAGES,
  splitDisplayName,
} from "./profile";

const TODAY = "2026-11-22";

function errorsOf(submission: object) {
  return "error" in submission ? (submission.error as Record<string, string[] | null> | null) : undefined;
}

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

describe("splitDisplayName", () => {
  it.each([
    ["", { name: "User", firstName: null, lastName: null }],
    ["   ", { name: "User", firstName: null, lastName: null }],
    [null, { name: "User", firstName: null, lastName: null }],
    ["Amina", { name: "Amina", firstName: "Amina", lastName: null }],
    ["  Amina   Yusuf ", { name: "Amina Yusuf", firstName: "Amina", lastName: "Yusuf" }],
    ["Mary Anne van Dijk", { name: "Mary Anne van Dijk", firstName: "Mary", lastName: "Anne van Dijk" }],
  ])("%j → %j", (input, expected) => {
    expect(splitDisplayName(input)).toEqual(expected);
  });
});

describe("normalizeUsPhone", () => {
  it.each([
    ["3135550142", "(313) 555-0142"],
    ["313-555-0142", "(313) 555-0142"],
    ["(313) 555-0142", "(313) 555-0142"],
    ["(313)555-0142", "(313) 555-0142"],
    ["313.555.0142", "(313) 555-0142"],
    ["+1 313 555 0142", "(313) 555-0142"],
    ["1-313-555-0142", "(313) 555-0142"],
    ["555-0142", null], // no area code
    ["013-555-0142", null], // area code starts with 0
    ["313-155-0142", null], // exchange starts with 1
    ["+44 20 7946 0958", null], // not a US number
    ["313-555-01420", null],
    ["1-800-FLOWERS", null],
    ["", null],
  ])("%j → %j", (input, expected) => {
    expect(normalizeUsPhone(input)).toBe(expected);
  });
});

describe("normalizeZip", () => {
  it.each([
    ["48126", "48126"],
    [" 48126 ", "48126"],
    ["48126-1234", "48126-1234"],
    ["481261234", "48126-1234"],
    ["4812", null],
    ["481267", null],
    ["ABCDE", null],
    ["48126-12", null],
  ])("%j → %j", (input, expected) => {
    expect(normalizeZip(input)).toBe(expected);
  });
});

describe("normalizeState", () => {
  it.each([
    ["MI", "MI"],
    ["mi", "MI"],
    ["Michigan", "MI"],
    ["new  york", "NY"],
    ["District of Columbia", "DC"],
    ["PR", "PR"],
    ["Ontario", null],
    ["XX", null],
    ["", null],
  ])("%j → %j", (input, expected) => {
    expect(normalizeState(input)).toBe(expected);
  });
});

describe("date of birth", () => {
  it.each([
    ["2008-11-22", "2026-11-22", 18],
    ["2008-11-23", "2026-11-22", 17],
    ["2000-02-29", "2026-02-28", 25],
    ["2000-02-29", "2026-03-01", 26],
    ["1990-04-02", "2026-11-22", 36],
  ])("born %s, on %s: %i", (born, today, age) => {
    expect(ageOn(born, today)).toBe(age);
  });

  it.each([
    ["2008-11-22", { ok: true, value: "2008-11-22" }],
    ["2008-11-23", { ok: false, message: "You must be at least 18 years old to use Rosca." }],
    ["2020-01-01", { ok: false, message: PROFILE_MESSAGES.underage }],
    ["2027-01-01", { ok: false, message: PROFILE_MESSAGES.dateOfBirthFuture }],
    ["1990-02-30", { ok: false, message: PROFILE_MESSAGES.dateOfBirthInvalid }],
    ["04/02/1990", { ok: false, message: PROFILE_MESSAGES.dateOfBirthInvalid }],
    ["1880-01-01", { ok: false, message: PROFILE_MESSAGES.dateOfBirthInvalid }],
  ])("%s → %j", (input, expected) => {
    expect(checkDateOfBirth(input, TODAY)).toEqual(expected);
  });

  it("finds today's calendar day in New York, not UTC", () => {
    // 03:00 UTC on the 22nd is still the evening of the 21st in New York.
    expect(calendarDayIn(new Date("2026-11-22T03:00:00Z"))).toBe("2026-11-21");
    expect(calendarDayIn(new Date("2026-11-22T12:00:00Z"))).toBe("2026-11-22");
  });
});

describe("profileSchema", () => {
  it("normalises what users type", () => {
    const submission = parseWithZod(
      form({
        name: " Amina Yusuf ",
        phone: "313.555.0142",
        address: "1 Main St",
        city: "Dearborn",
        state: "michigan",
        zipCode: "481261234",
        dateOfBirth: "1990-04-02",
      }),
      { schema: profileSchema(TODAY) },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      name: "Amina Yusuf",
      phone: "(313) 555-0142",
      address: "1 Main St",
      city: "Dearborn",
      state: "MI",
      zipCode: "48126-1234",
      dateOfBirth: "1990-04-02",
    });
  });

  it("accepts an all-empty form (every field is optional)", () => {
    const submission = parseWithZod(form({ name: "", phone: "", state: "", zipCode: "", dateOfBirth: "" }), {
      schema: profileSchema(TODAY),
    });
    expect(submission.status).toBe("success");
  });

  it.each([
    ["phone", "555-0142", PROFILE_MESSAGES.phoneInvalid],
    ["zipCode", "1234", PROFILE_MESSAGES.zipInvalid],
    ["state", "Ontario", PROFILE_MESSAGES.stateInvalid],
    ["dateOfBirth", "2015-06-01", "You must be at least 18 years old to use Rosca."],
    ["dateOfBirth", "2030-06-01", PROFILE_MESSAGES.dateOfBirthFuture],
    ["name", "x".repeat(101), PROFILE_MESSAGES.nameLong],
    ["address", "x".repeat(201), PROFILE_MESSAGES.addressLong],
    ["city", "x".repeat(101), PROFILE_MESSAGES.cityLong],
  ])("%s=%j → %s", (field, value, message) => {
    const submission = parseWithZod(form({ [field]: value }), { schema: profileSchema(TODAY) });
    expect(submission.status).toBe("error");
    expect(errorsOf(submission)?.[field]).toEqual([message]);
  });
});

describe("security forms", () => {
  it.each([
    [{ currentPassword: "", newPassword: "Secret123", confirmPassword: "Secret123" }, "currentPassword", "Current password is required"],
    [{ currentPassword: "x", newPassword: "short", confirmPassword: "short" }, "newPassword", "Password must be at least 8 characters long"],
    [
      { currentPassword: "x", newPassword: "alllowercase1", confirmPassword: "alllowercase1" },
      "newPassword",
      "Password must contain at least one uppercase letter, one lowercase letter, and one number",
    ],
    [{ currentPassword: "x", newPassword: "Secret123", confirmPassword: "Secret124" }, "confirmPassword", "Passwords do not match"],
  ])("change password %j → %s: %s", (fields, field, message) => {
    const submission = parseWithZod(form({ intent: "change-password", ...fields }), { schema: changePasswordSchema });
    expect(errorsOf(submission)?.[field]).toEqual([message]);
  });

  it.each([
    ["123456", true],
    ["123 456", true],
    ["12345", false],
    ["abcdef", false],
    ["1234567", false],
  ])("code %j valid: %s", (code, valid) => {
    const submission = parseWithZod(form({ intent: "2fa", code }), { schema: loginCodeSchema });
    expect(submission.status === "success").toBe(valid);
    if (!valid) expect(errorsOf(submission)?.code).toEqual(["Invalid MFA code"]);
  });
});

describe("preferencesSchema", () => {
  it("reads unticked boxes as off", () => {
    const submission = parseWithZod(form({ emailWeeklySummary: "on" }), { schema: preferencesSchema });
    expect(submission.status === "success" && submission.value).toEqual({
      emailContributionReminders: false,
      emailPayoutNotifications: false,
      emailGroupInvitations: false,
      emailWeeklySummary: true,
      pushUrgentAccount: false,
      pushDailyReminders: false,
    });
  });

  it("has the spec's defaults", () => {
    expect(DEFAULT_PREFERENCES).toEqual({
      emailContributionReminders: true,
      emailPayoutNotifications: true,
      emailGroupInvitations: false,
      emailWeeklySummary: false,
      pushUrgentAccount: true,
      pushDailyReminders: false,
    });
  });
});

describe("describeDevice", () => {
  it.each([
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome on Windows"],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Linux"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari on iOS",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge on macOS",
    ],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", "Chrome on Android"],
    ["curl/8.5.0", "curl"],
    ["", "Unknown device"],
    [null, "Unknown device"],
  ])("%s → %s", (ua, expected) => {
    expect(describeDevice(ua)).toBe(expected);
  });
});
