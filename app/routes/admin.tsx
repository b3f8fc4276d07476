import { Card, PageContainer } from "~/components/ui/page";
import { requireAdmin } from "~/server/auth/guards.server";
import type { Route } from "./+types/admin";

export function meta() {
  return [{ title: "Admin Dashboard — Rosca" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return (
    <PageContainer>
      <h1 className="text-3xl font-bold text-slate-900">Admin Dashboard</h1>
      <Card className="mt-6">
        <p className="text-slate-600">User management and sandbox access controls live here.</p>
      </Card>
    </PageContainer>
  );
}
