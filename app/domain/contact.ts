/**
 * The public contact form (SPEC.md section 2, /contact). Messages are user-visible and tested exactly.
 * Pure: used by Conform in the browser and on the server.
 */
import { z } from "zod";
import { nameCheck } from "./names";
import { EMAIL_MAX_LENGTH, normalizeEmail } from "./auth";

export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

/** The honeypot: a field people never see. Anything in it means a bot filled the form. */
export const CONTACT_HONEYPOT_FIELD = "website";

export const CONTACT_TOPICS = [
  { value: "general", label: "General question" },
  { value: "account", label: "My account or login" },
  { value: "groups", label: "Groups, contributions and payouts" },
  { value: "bank", label: "Linking a bank account" },
  { value: "sandbox", label: "Sandbox access" },
  { value: "privacy", label: "Privacy and my data" },
  { value: "security", label: "Reporting a security issue" },
  { value: "careers", label: "Careers" },
  { value: "press", label: "Press and partnerships" },
] as const;

export type ContactTopic = (typeof CONTACT_TOPICS)[number]["value"];

const topicValues = CONTACT_TOPICS.map((topic) => topic.value) as [ContactTopic, ...ContactTopic[]];

export function isContactTopic(value: unknown): value is ContactTopic {
  return typeof value === "string" && (topicValues as string[]).includes(value);
}

export function contactTopicLabel(value: ContactTopic) {
  return CONTACT_TOPICS.find((topic) => topic.value === value)?.label ?? value;
}

export const CONTACT_MESSAGES = {
  nameRequired: "Please enter your name",
  nameLong: `Name must be at most ${CONTACT_NAME_MAX} characters`,
  emailRequired: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  topicRequired: "Please choose a topic",
  messageRequired: "Please enter a message",
  messageShort: `Message must be at least ${CONTACT_MESSAGE_MIN} characters`,
  messageLong: "Message must be at most 5,000 characters",
} as const;

/** Success feedback after a message is recorded (SPEC.md section 9: support replies within 24 hours). */
export const CONTACT_SUCCESS_TOAST = {
  type: "success",
  title: "Message Sent",
  description: "Thanks for getting in touch. Our support team replies within 24 hours.",
} as const;

export const contactSchema = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.nameRequired })
    .trim()
    .normalize("NFC")
    .min(1, CONTACT_MESSAGES.nameRequired)
    .max(CONTACT_NAME_MAX, CONTACT_MESSAGES.nameLong)
    .check(nameCheck("Name")),
  email: z
    .string({ error: CONTACT_MESSAGES.emailRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.emailRequired)
    .max(EMAIL_MAX_LENGTH, CONTACT_MESSAGES.emailInvalid)
    .pipe(z.email({ error: CONTACT_MESSAGES.emailInvalid }))
    .transform(normalizeEmail),
  topic: z.enum(topicValues, { error: CONTACT_MESSAGES.topicRequired }),
  message: z
    .string({ error: CONTACT_MESSAGES.messageRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.messageRequired)
    .min(CONTACT_MESSAGE_MIN, CONTACT_MESSAGES.messageShort)
    .max(CONTACT_MESSAGE_MAX, CONTACT_MESSAGES.messageLong),
});

export type ContactInput = z.infer<typeof contactSchema>;
