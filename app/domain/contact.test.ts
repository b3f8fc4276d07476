import { describe, expect, it } from "vitest";
import { CONTACT_MESSAGES, CONTACT_TOPICS, contactSchema, contactTopicLabel, isContactTopic } from "./contact";

const valid = { name: "Amina Yusuf", email: "amina@example.com", topic: "groups", message: "How do bi-weekly groups pick a day?" };

/** The first error message for each field, as the form shows it. */
function errorsOf(input: Record<string, unknown>) {
  const result = contactSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]);
    errors[key] ??= issue.message;
  }
  return errors;
}

describe("contactSchema", () => {
  it("accepts a complete message, trimming text and normalising the email", () => {
    const result = contactSchema.parse({ ...valid, name: "  Amina Yusuf ", email: " Amina@Example.COM " });
    expect(result).toEqual({ ...valid, name: "Amina Yusuf", email: "amina@example.com" });
  });

  it("reports every missing field with its own message (Conform sends empty fields as undefined)", () => {
    expect(errorsOf({})).toEqual({
      name: CONTACT_MESSAGES.nameRequired,
      email: CONTACT_MESSAGES.emailRequired,
      topic: CONTACT_MESSAGES.topicRequired,
      message: CONTACT_MESSAGES.messageRequired,
    });
  });

  it.each([
    ["name", { name: "   " }, "Please enter your name"],
    ["name", { name: "x".repeat(101) }, "Name must be at most 100 characters"],
    ["email", { email: "" }, "Please enter your email address"],
    ["email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["email", { email: `${"a".repeat(250)}@example.com` }, "Please enter a valid email address"],
    ["topic", { topic: "" }, "Please choose a topic"],
    ["topic", { topic: "refunds" }, "Please choose a topic"],
    ["message", { message: "  " }, "Please enter a message"],
    ["message", { message: "Hi there" }, "Message must be at least 10 characters"],
    ["message", { message: "x".repeat(5001) }, "Message must be at most 5,000 characters"],
  ])("rejects a bad %s with the exact message (%o)", (field, patch, message) => {
    expect(errorsOf({ ...valid, ...patch })).toEqual({ [field]: message });
  });

  it("accepts the limits exactly", () => {
    expect(contactSchema.safeParse({ ...valid, name: "x".repeat(100), message: "x".repeat(5000) }).success).toBe(true);
    expect(contactSchema.safeParse({ ...valid, message: "x".repeat(10) }).success).toBe(true);
  });

  it("accepts every listed topic and nothing else", () => {
    for (const topic of CONTACT_TOPICS) expect(contactSchema.safeParse({ ...valid, topic: topic.value }).success).toBe(true);
    expect(isContactTopic("careers")).toBe(true);
    expect(isContactTopic("CAREERS")).toBe(false);
    expect(isContactTopic(undefined)).toBe(false);
    expect(contactTopicLabel("careers")).toBe("Careers");
  });
});
