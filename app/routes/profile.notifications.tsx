import { Card } from "~/components/ui/page";
import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/profile.notifications";

export function meta() {
  return [{ title: "Notification preferences — Rosca" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function Page() {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Notification preferences</h1>
      <Card className="mt-6">
        <p className="text-slate-600">Choose which emails and alerts you receive here.</p>
      </Card>
    </>
  );
}
