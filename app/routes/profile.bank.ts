import { redirect } from "react-router";
import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/profile.bank";

/** The mobile menu's Bank Accounts target (SPEC.md section 2) is the same page as the desktop one. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return redirect("/profile/bank-accounts");
}
