// Temporary contract; the email helper replaces this file with the Postmark implementation.
export type EmailMessage =
  | { template: "welcome"; data: { name: string; dashboardUrl: string } }
  | { template: "confirm-email"; data: { name: string; confirmUrl: string; expiresInHours: number } }
  | { template: "password-reset"; data: { name: string; resetUrl: string; expiresInMinutes: number } }
  | { template: "contact"; data: { name: string; email: string; topic: string; message: string } };

export type EmailResult = { ok: true; messageId: string } | { ok: false; error: string; errorCode?: number };

export async function sendEmail(_to: string, _message: EmailMessage): Promise<EmailResult> {
  return { ok: false, error: "email not configured yet" };
}
