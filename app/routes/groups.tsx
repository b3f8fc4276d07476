import { Card, PageContainer } from "~/components/ui/page";
import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/groups";

export function meta() {
  return [{ title: "Your groups — Rosca" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function Page() {
  return (
    <PageContainer>
      <h1 className="text-3xl font-bold text-slate-900">Your groups</h1>
      <Card className="mt-6">
        <p className="text-slate-600">You aren't in any savings groups yet. Groups you create or join will be listed here.</p>
      </Card>
    </PageContainer>
  );
}
