import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/page";
import { pageMeta } from "~/content/site";

export const meta = () => pageMeta("Email Confirmed", "Your email address is confirmed. Log in to start saving with your group.");

export default function AuthSuccess() {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16 sm:px-6">
      <Card className="text-center">
        <span aria-hidden="true" className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-2xl text-brand-800">
          ✓
        </span>
        <h1 className="mt-5 text-2xl font-bold text-slate-900">Email Confirmed</h1>
        <p className="mt-3 text-slate-700">Thanks for confirming your email address. Your account is ready: log in to get started.</p>
        <ButtonLink to="/login" className="mt-8 w-full">
          Log In
        </ButtonLink>
      </Card>
    </div>
  );
}
