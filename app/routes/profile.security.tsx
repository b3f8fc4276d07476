import { Card } from "~/components/ui/page";
import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/profile.security";

export function meta() {
  return [{ title: "Security — Rosca" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function Page() {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Security</h1>
      <Card className="mt-6">
        <p className="text-slate-600">Password, two-factor authentication and session settings will be managed here.</p>
      </Card>
    </>
  );
}
