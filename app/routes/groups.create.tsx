import { Card, PageContainer } from "~/components/ui/page";
import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/groups.create";

export function meta() {
  return [{ title: "Create a group — Rosca" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function Page() {
  return (
    <PageContainer>
      <h1 className="text-3xl font-bold text-slate-900">Create a group</h1>
      <Card className="mt-6">
        <p className="text-slate-600">Group creation is being rolled out to sandbox-authorised members. You'll be able to set up a group here soon.</p>
      </Card>
    </PageContainer>
  );
}
