import { Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { ButtonLink } from "~/components/ui/button";
import { Card, PageContainer } from "~/components/ui/page";
import { DEMO_ACCOUNT } from "~/domain/demo-accounts";
import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: "Dashboard — Rosca" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  return {
    name: user.name,
    isDemo: user.email.toLowerCase() === DEMO_ACCOUNT.email,
    sandboxAuthorized: user.isPlaidSandboxAuthorized,
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Welcome, {loaderData.name}</h1>
          <p className="mt-1 text-slate-600">Here's where your savings groups live.</p>
        </div>
        <ButtonLink to="/groups/create">Create New Group</ButtonLink>
      </div>
      <div className="mt-6 space-y-3">
        {loaderData.isDemo ? (
          <Alert tone="info" title="You're using the demo account">
            Explore freely: bank connections use a sandbox and no real money moves.
          </Alert>
        ) : null}
        {loaderData.sandboxAuthorized ? (
          <Alert tone="success" title="Sandbox access granted">
            You can link a sandbox bank account, create groups and join groups.
          </Alert>
        ) : null}
      </div>
      <div className="mt-8 grid gap-4 sm:grid-cols-3">
        <Stat label="Active groups" value="0" />
        <Stat label="Next contribution" value="—" />
        <Stat label="Next payout" value="—" />
      </div>
      <Card className="mt-8">
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-semibold text-slate-900">Your groups</h2>
          <Link to="/groups" className="text-sm font-medium text-brand-700 underline">
            View all groups
          </Link>
        </div>
        <p className="mt-4 text-slate-600">You haven't joined a savings group yet. Create one and invite the people you trust.</p>
      </Card>
      <Card className="mt-6">
        <h2 className="text-lg font-semibold text-slate-900">Recent activity</h2>
        <p className="mt-4 text-slate-600">No activity yet. Contributions, payouts and new members will show here.</p>
      </Card>
    </PageContainer>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card>
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
    </Card>
  );
}
