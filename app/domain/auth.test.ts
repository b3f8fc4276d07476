import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES, loginSchema, registerSchema, resetPasswordSchema, resetRequestSchema, safeRedirect } from "./auth";

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
}

/** Field → messages, as the form shows them. */
function errorsOf(schema: Parameters<typeof parseWithZod>[1]["schema"], entries: Record<string, string>) {
  const submission = parseWithZod(form(entries), { schema });
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}

const goodRegistration = {
  fullName: "Amina Yusuf",
  email: "Amina@Example.com",
  password: "Secret123",
  confirmPassword: "Secret123",
  terms: "on",
};

describe("login (SPEC.md section 5)", () => {
  it.each([
    [{ email: "", password: "whatever" }, { email: [AUTH_MESSAGES.loginEmailRequired] }],
    [{ email: "not-an-email", password: "whatever" }, { email: ["Email is invalid"] }],
    [{ email: "a@b.co", password: "" }, { password: [AUTH_MESSAGES.loginPasswordRequired] }],
    [{ email: "a@b.co", password: "12345" }, { password: ["Password must be at least 6 characters"] }],
  ])("%j → %j", (input, expected) => {
    expect(errorsOf(loginSchema, input)).toEqual(expected);
  });

  it("accepts a 6-character password and normalises the email", () => {
    const submission = parseWithZod(form({ email: "  Dana@Example.COM ", password: "123456", remember: "on" }), { schema: loginSchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ email: "dana@example.com", password: "123456", remember: true });
  });
});

describe("register (SPEC.md section 5)", () => {
  it("accepts a valid registration", () => {
    const submission = parseWithZod(form(goodRegistration), { schema: registerSchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.email).toBe("amina@example.com");
  });

  it.each([
    ["empty name", { fullName: "" }, { fullName: ["Full name is required"] }],
    ["blank name", { fullName: "   " }, { fullName: ["Full name is required"] }],
    ["one letter after trimming", { fullName: " A " }, { fullName: [AUTH_MESSAGES.fullNameShort] }],
    ["empty email", { email: "" }, { email: ["Email address is required"] }],
    ["invalid email", { email: "amina@" }, { email: ["Please enter a valid email address"] }],
    ["short password", { password: "Ab1", confirmPassword: "Ab1" }, { password: ["Password must be at least 8 characters long"] }],
    [
      "no uppercase",
      { password: "secret123", confirmPassword: "secret123" },
      { password: ["Password must contain at least one uppercase letter, one lowercase letter, and one number"] },
    ],
    [
      "no lowercase",
      { password: "SECRET123", confirmPassword: "SECRET123" },
      { password: ["Password must contain at least one uppercase letter, one lowercase letter, and one number"] },
    ],
    [
      "no digit",
      { password: "SecretPass", confirmPassword: "SecretPass" },
      { password: ["Password must contain at least one uppercase letter, one lowercase letter, and one number"] },
    ],
    ["mismatch", { confirmPassword: "Secret124" }, { confirmPassword: ["Passwords do not match"] }],
    ["terms unticked", { terms: "" }, { terms: [AUTH_MESSAGES.termsRequired] }],
  ])("%s", (_label, override, expected) => {
    expect(errorsOf(registerSchema, { ...goodRegistration, ...override })).toEqual(expected);
  });

  it("reports a weak password once, not once per missing character class", () => {
    expect(errorsOf(registerSchema, { ...goodRegistration, password: "abcdefgh", confirmPassword: "abcdefgh" })).toEqual({
      password: ["Password must contain at least one uppercase letter, one lowercase letter, and one number"],
    });
  });
});

describe("password reset (SPEC.md section 5)", () => {
  it.each([
    [{ email: "" }, { email: ["Please enter a valid email address"] }],
    [{ email: "nope" }, { email: ["Please enter a valid email address"] }],
  ])("request %j → %j", (input, expected) => {
    expect(errorsOf(resetRequestSchema, input)).toEqual(expected);
  });

  const link = { selector: "7f0c8a3e-6d0b-4c8e-9b7a-2a1f0e6d5c4b", token: "secret" };
  it.each([
    [{ password: "Short1", confirmPassword: "Short1" }, { password: ["Password must be at least 8 characters long"] }],
    [
      { password: "alllowercase1", confirmPassword: "alllowercase1" },
      { password: ["Password must contain at least one uppercase letter, one lowercase letter, and one number"] },
    ],
    [{ password: "NewSecret1", confirmPassword: "NewSecret2" }, { confirmPassword: ["Passwords do not match"] }],
  ])("new password %j → %j", (input, expected) => {
    expect(errorsOf(resetPasswordSchema, { ...link, ...input })).toEqual(expected);
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/groups/42?tab=schedule", "/groups/42?tab=schedule"],
    ["https://evil.example/", "/dashboard"],
    ["//evil.example", "/dashboard"],
    ["/\\evil.example", "/dashboard"],
    ["javascript:alert(1)", "/dashboard"],
    ["", "/dashboard"],
    [null, "/dashboard"],
    ["/ok\nSet-Cookie: x", "/dashboard"],
  ])("%j → %j", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});

describe("confirmation is compared even while another field is wrong", () => {
  it("shows the mismatch next to a too-short password", () => {
    expect(errorsOf(registerSchema, { ...goodRegistration, fullName: "A", password: "short", confirmPassword: "different" })).toEqual({
      fullName: [AUTH_MESSAGES.fullNameShort],
      password: ["Password must be at least 8 characters long"],
      confirmPassword: ["Passwords do not match"],
    });
  });
});
