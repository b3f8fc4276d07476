import { redirect } from "react-router";
import { safeRedirect } from "~/domain/auth";
import { requireUser } from "~/server/auth/guards.server";
import { requestSandboxAccess, SANDBOX_REQUEST_MESSAGE_MAX } from "~/server/admin/sandbox-access.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { readForm } from "~/server/platform/request-body.server";
import type { Route } from "./+types/sandbox-access.request";

/** Nothing to show at this URL: the request-access card posts here. */
export function loader() {
  return redirect("/dashboard");
}

/** Record the signed-in user's request (at most one open one) and go back to the page the card was on. */
export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const { user } = await requireUser(request);
  const redirectTo = safeRedirect(formData.get("redirectTo"));
  const message = formData.get("message");
  const result = await requestSandboxAccess(user.id, typeof message === "string" ? message.slice(0, SANDBOX_REQUEST_MESSAGE_MAX) : null);
  if (result.status === "already-authorized") {
    return redirectWithToast(request, redirectTo, {
      type: "info",
      title: "Sandbox access granted",
      description: "Your account already has sandbox access.",
    });
  }
  return redirectWithToast(request, redirectTo, {
    type: "success",
    title: "Request Sent",
    description: "We review sandbox access requests within 24 hours.",
  });
}
