import { Card } from "~/components/ui/page";
import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/profile.bank-accounts";

export function meta() {
  return [{ title: "Bank Accounts — Rosca" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function Page() {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Bank Accounts</h1>
      <Card className="mt-6">
        <p className="text-slate-600">Bank linking is available to sandbox-authorised members and arrives with the bank-linking release.</p>
      </Card>
    </>
  );
}
