import { Card, PageContainer } from "~/components/ui/page";
import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/groups.join.$inviteCode";

export function meta() {
  return [{ title: "Invalid Invitation — Rosca" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function Page() {
  return (
    <PageContainer>
      <h1 className="text-3xl font-bold text-slate-900">Invalid Invitation</h1>
      <Card className="mt-6">
        <p className="text-slate-600">The invitation link you followed is invalid or has expired.</p>
      </Card>
    </PageContainer>
  );
}
