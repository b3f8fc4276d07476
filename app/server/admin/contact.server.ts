import { db } from "../db/client.server";
import { contactMessages } from "../db/schema";
import { deliverEmails, queueEmail } from "../email/email.server";
import { env } from "../platform/env.server";
import { logger } from "../platform/log.server";

/**
 * Record a contact-form message and queue its email to support, in one transaction (the outbox, ADR 010), then try to
 * send it at once. A mail outage never loses a message: the email waits in the outbox, and support can read the
 * message in the database meanwhile. Returns whether the email went out yet (for logs and tests).
 */
export async function submitContactMessage(input: {
  userId: string | null;
  name: string;
  email: string;
  topic: string;
  topicLabel: string;
  message: string;
}) {
  const saved = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ userId: input.userId, name: input.name, email: input.email, topic: input.topic, message: input.message })
      .returning({ id: contactMessages.id });
    const emailId = await queueEmail(tx, env().SUPPORT_EMAIL, {
      template: "contact",
      data: { name: input.name, email: input.email, topic: input.topicLabel, message: input.message },
    });
    return { id: row!.id, emailId };
  });
  const sent = (await deliverEmails([saved.emailId])).get(saved.emailId)!;
  if (sent.status === "failed") {
    logger.error({ contactMessageId: saved.id, reason: sent.error }, "contact: message recorded but the support email failed");
  } else if (sent.status === "queued") {
    logger.warn({ contactMessageId: saved.id, reason: sent.error }, "contact: message recorded; the support email waits in the outbox");
  }
  return { id: saved.id, emailed: sent.status === "sent" };
}
