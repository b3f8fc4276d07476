/**
 * The dashboard's read: the viewer's group cards with their savings, the recent activity across those groups, the
 * invitation inbox and what the viewer must do about their bank connections, in one statement (issue 15: every statement a page makes costs a pooled connection, a round trip
 * and the socket writes on both sides, more than most of these reads cost PostgreSQL). The sandbox-access card, shown
 * only to a member without access yet, is read apart.
 */
import { desc, eq, sql } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import { type BankAttention, bankAttentionJson } from "../bank/bank.server";
import { preparedQuery } from "../db/client.server";
import { groupMembers, groups } from "../db/schema";
import {
  type ActivityJson,
  type ActivityView,
  activityFrom,
  type CardRow,
  type CardsWithSavings,
  cardFields,
  cardsWithSavingsFrom,
  recentActivityJson,
} from "./group-views.server";
import { type AccountJson, accountsJson } from "../money/debit-choice.server";
import { nextDebitDay } from "~/domain/failed-contribution";
import { type AttemptRow, failedChains, lateAttemptRows, type LateContributionView, lateFrom } from "../money/late-contributions.server";
import { type InboxInvitation, type InboxJson, inboxFrom, inboxJson, inboxParams } from "./invitations.server";

export type Dashboard = CardsWithSavings & {
  activity: ActivityView[];
  inbox: InboxInvitation[];
  bank: BankAttention[];
  late: LateContributionView[];
};

/**
 * One row per group of the viewer's, newest first, with what its card shows (`cardFields`); a viewer in no group gets
 * one row without a group (the memberships are left-joined to a single row). The activity and the inbox are
 * uncorrelated subqueries, computed once, and sent with the first row only.
 */
const dashboardRows = preparedQuery("dashboard", (database, name) => {
  const first = sql`row_number() over (order by ${groups.createdAt} desc) = 1`;
  return database
    .select({
      ...cardFields,
      activity: sql<ActivityJson[] | null>`case when ${first} then ${recentActivityJson} end`,
      inbox: sql<InboxJson[] | null>`case when ${first} then ${inboxJson} end`,
      bank: sql<BankAttention[] | null>`case when ${first} then ${bankAttentionJson} end`,
      // The viewer's contributions that failed and have not gone through (issue 44), with their accounts' names.
      lateAttempts: sql<
        AttemptRow[] | null
      >`case when ${first} then (select coalesce(json_agg(row_to_json(x) order by x.kind, x.period_number, x.attempt), '[]'::json) from (${lateAttemptRows({ userId: sql.placeholder("userId") })}) x) end`,
      myAccounts: sql<AccountJson[] | null>`case when ${first} then ${accountsJson(sql.placeholder("userId"))} end`,
    })
    .from(sql`(select 1) viewer`)
    .leftJoin(groupMembers, eq(groupMembers.userId, sql.placeholder("userId")))
    .leftJoin(groups, eq(groups.id, groupMembers.groupId))
    .orderBy(desc(groups.createdAt))
    .prepare(name);
});

/** Everything the dashboard shows about the viewer's groups and invitations (SPEC.md section 2). */
export async function dashboardFor(user: { id: string; email: string }, now = new Date(), locale: Locale = DEFAULT_LOCALE): Promise<Dashboard> {
  const rows = await dashboardRows().execute(inboxParams(user, now));
  const cardRows = rows.filter((row): row is typeof row & Pick<CardRow, "group" | "member"> => row.group !== null && row.member !== null);
  const panels = rows.find((row) => row.inbox !== null);
  const late = lateFrom(
    failedChains(panels?.lateAttempts ?? [], now),
    new Map((panels?.myAccounts ?? []).map((a) => [a.bankAccountId, { institution: a.institution, name: a.name, mask: a.mask }])),
    // The viewer's linked accounts: the next attempt's is picked from them as the debit picks it (ADR 052).
    new Map([[user.id, panels?.myAccounts ?? []]]),
    // The alert's explanation in the reader's language, as the group page's (ADR 056).
    locale,
  );
  const cards = cardsWithSavingsFrom(cardRows, user.id, now, locale);
  // A group with a late contribution of the viewer's: its next contribution is the earliest of its late ones' next
  // attempts (or now, with Pay now) and its next scheduled one, whichever period each is for.
  for (const card of cards.cards) {
    const lateHere = late.filter((entry) => entry.groupId === card.id);
    if (lateHere.length === 0) continue;
    const scheduled = cardRows.find((row) => row.group.id === card.id)?.myNextScheduled ?? null;
    card.nextContributionOn = nextDebitDay(card.status === "active" ? scheduled : null, lateHere);
  }
  return {
    ...cards,
    late,
    activity: activityFrom(panels?.activity ?? [], user.id),
    inbox: inboxFrom(panels?.inbox ?? [], now, locale),
    bank: panels?.bank ?? [],
  };
}
