import { db } from "./db/client.server";
import { contactMessages } from "./db/schema";
import { sendEmail } from "./email/email.server";
import { env } from "./env.server";
import { logger } from "./log.server";

/**
 * Record a contact-form message, then email it to support. Recorded first, so a mail outage never loses a
 * message: support can still read it in the database. Returns whether the email went out (for logs and tests).
 */
export async function submitContactMessage(input: {
  userId: string | null;
  name: string;
  email: string;
  topic: string;
  topicLabel: string;
  message: string;
}) {
  const [saved] = await db()
    .insert(contactMessages)
    .values({ userId: input.userId, name: input.name, email: input.email, topic: input.topic, message: input.message })
    .returning({ id: contactMessages.id });
  const sent = await sendEmail(env().SUPPORT_EMAIL, {
    template: "contact",
    data: { name: input.name, email: input.email, topic: input.topicLabel, message: input.message },
  });
  if (!sent.ok) logger.error({ contactMessageId: saved!.id, reason: sent.error }, "contact: message recorded but the support email failed");
  return { id: saved!.id, emailed: sent.ok };
}
