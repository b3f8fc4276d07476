import { GroupCard } from "~/components/groups/group-card";
import { GROUP_STATUS_LABELS, type GroupStatus } from "~/components/groups/group-labels";
import { ButtonLink } from "~/components/ui/button";
import { Card, PageContainer } from "~/components/ui/page";
import { requireUser } from "~/server/auth/guards.server";
import { groupCardsWithSavings } from "~/server/groups/group-views.server";
import type { Route } from "./+types/groups";

export function meta() {
  return [{ title: "Your groups — Rosca" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  return groupCardsWithSavings(user.id);
}

const SECTIONS: GroupStatus[] = ["active", "forming", "completed"];

export default function GroupsPage({ loaderData }: Route.ComponentProps) {
  const { cards } = loaderData;
  return (
    <PageContainer>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Your groups</h1>
          <p className="mt-1 text-slate-600">Every savings group you created or joined.</p>
        </div>
        <ButtonLink to="/groups/create">Create New Group</ButtonLink>
      </div>
      {cards.length === 0 ? (
        <Card className="mt-6">
          <p className="text-slate-600">You aren't in any savings groups yet. Groups you create or join will be listed here.</p>
          <ButtonLink to="/groups/create" variant="secondary" className="mt-4">
            Create your first group
          </ButtonLink>
        </Card>
      ) : (
        SECTIONS.map((status) => {
          const inSection = cards.filter((card) => card.status === status);
          if (inSection.length === 0) return null;
          return (
            <section key={status} aria-labelledby={`groups-${status}`} className="mt-8">
              <h2 id={`groups-${status}`} className="text-xl font-semibold text-slate-900">
                {GROUP_STATUS_LABELS[status]} <span className="text-base font-normal text-slate-600">({inSection.length})</span>
              </h2>
              <div className="mt-3 grid gap-4 md:grid-cols-2">
                {inSection.map((card) => (
                  <GroupCard key={card.id} card={card} savings={loaderData.savings[card.id]} />
                ))}
              </div>
            </section>
          );
        })
      )}
    </PageContainer>
  );
}
