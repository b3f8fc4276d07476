import { redirect } from "react-router";
import { destroySession } from "~/server/auth/session.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { readForm } from "~/server/platform/request-body.server";
import type { Route } from "./+types/logout";

/** Logout is a POST (a GET could be triggered by any page embedding a link or image). */
export async function action({ request }: Route.ActionArgs) {
  // Nothing to read, but an unreadable body is refused like everywhere else (it is not a logout button's post).
  await readForm(request);
  const clearCookie = await destroySession(request);
  return redirectWithToast(
    request,
    "/login",
    { type: "success", title: "Logged Out", description: "You have been logged out." },
    { headers: { "Set-Cookie": clearCookie } },
  );
}

export function loader() {
  return redirect("/");
}
