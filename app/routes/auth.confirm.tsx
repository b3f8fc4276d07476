import { Form, redirect, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Card, PageContainer } from "~/components/ui/page";
import { confirmEmail, isConfirmTokenValid } from "~/server/auth/accounts.server";
import { redirectWithToast } from "~/server/toast.server";
import { readForm } from "~/server/request-body.server";
import type { Route } from "./+types/auth.confirm";

const INVALID = {
  type: "error" as const,
  title: "Invalid Confirmation Link",
  description: "This confirmation link is invalid, already used or expired. Try logging in, or register again.",
};

export function meta() {
  return [{ title: "Confirm your email — Rosca" }];
}

/**
 * GET shows a confirm button; POST confirms. A loader never writes, and mail scanners that prefetch links cannot
 * spend the token on the user's behalf.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const id = params.get("id") ?? "";
  const token = params.get("token") ?? "";
  if (!(await isConfirmTokenValid(id, token))) throw await redirectWithToast(request, "/login", INVALID);
  return { id, token };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const confirmed = await confirmEmail(String(formData.get("id") ?? ""), String(formData.get("token") ?? ""));
  if (!confirmed) throw await redirectWithToast(request, "/login", INVALID);
  return redirect("/auth-success");
}

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <PageContainer narrow>
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Confirm your email</h1>
        <p className="mt-2 text-slate-600">One click and your account is ready.</p>
        <Form method="post" className="mt-6">
          <input type="hidden" name="id" value={loaderData.id} />
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className={buttonClass("primary", "w-full")} disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Confirming…" : "Confirm Email"}
          </button>
        </Form>
      </Card>
    </PageContainer>
  );
}
