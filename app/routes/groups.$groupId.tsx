import { Card, PageContainer } from "~/components/ui/page";
import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/groups.$groupId";

export function meta() {
  return [{ title: "Group Not Found — Rosca" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function Page() {
  return (
    <PageContainer>
      <h1 className="text-3xl font-bold text-slate-900">Group Not Found</h1>
      <Card className="mt-6">
        <p className="text-slate-600">We couldn't find that group, or you aren't a member of it.</p>
      </Card>
    </PageContainer>
  );
}
