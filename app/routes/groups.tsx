import { GroupCard } from "~/components/groups/group-card";
import type { GroupStatus } from "~/components/groups/group-labels";
import { metaTranslator, useT } from "~/components/i18n";
import { ButtonLink } from "~/components/ui/button";
import { Card, PageContainer } from "~/components/ui/page";
import { requireUser } from "~/server/auth/guards.server";
import { groupCardsWithSavings } from "~/server/groups/group-views.server";
import { requestLocale } from "~/server/platform/locale.server";
import type { MetaArgs } from "react-router";
import type { MessageId } from "~/domain/messages/en-US";
import type { Route } from "./+types/groups";

export function meta({ matches }: MetaArgs) {
  return [{ title: metaTranslator(matches)("groups.title") }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  return groupCardsWithSavings(user.id, new Date(), requestLocale(request, user.locale));
}

const SECTIONS: GroupStatus[] = ["active", "forming", "completed"];
/** The sections' headings: GROUP_STATUS_LABELS' words (group-labels.ts), in the reader's language. */
const SECTION_TITLES = {
  active: "groups.section.active",
  forming: "groups.section.forming",
  completed: "groups.section.completed",
} as const satisfies Record<GroupStatus, MessageId>;

export default function GroupsPage({ loaderData }: Route.ComponentProps) {
  const { cards } = loaderData;
  const t = useT();
  return (
    <PageContainer>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{t("groups.heading")}</h1>
          <p className="mt-1 text-slate-600">{t("groups.lead")}</p>
        </div>
        <ButtonLink to="/groups/create">{t("dashboard.create")}</ButtonLink>
      </div>
      {cards.length === 0 ? (
        <Card className="mt-6">
          <p className="text-slate-600">{t("groups.empty")}</p>
          <ButtonLink to="/groups/create" variant="secondary" className="mt-4">
            {t("groups.createFirst")}
          </ButtonLink>
        </Card>
      ) : (
        SECTIONS.map((status) => {
          const inSection = cards.filter((card) => card.status === status);
          if (inSection.length === 0) return null;
          return (
            <section key={status} aria-labelledby={`groups-${status}`} className="mt-8">
              <h2 id={`groups-${status}`} className="text-xl font-semibold text-slate-900">
                {t(SECTION_TITLES[status])} <span className="text-base font-normal text-slate-600">({inSection.length})</span>
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
