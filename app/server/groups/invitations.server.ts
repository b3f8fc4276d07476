/**
 * Invitations as people see them: the invitee's inbox (/invitations and the dashboard) and the group admin's list of
 * invitations sent. Each is one set-based read (the seats taken counted per group in the same statement).
 */
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import { translator } from "../platform/locale.server";
import { scheduleWords } from "../email/templates";
import { sql } from "drizzle-orm";
import { payoutPerTurnCents, SETUP_FEE_CENTS } from "~/domain/groups";
import { invitationState, type InvitationState } from "~/domain/invitations";
import { preparedQuery } from "../db/client.server";
import type { GroupInvitationStatus, GroupRemovalKind, GroupStatus, groupInvitations } from "../db/schema";
import { scheduleOf } from "./groups.server";

/** How long an invitation that can no longer be accepted (expired, revoked, closed) stays in the inbox, saying so. */
const INBOX_HISTORY_DAYS = 30;

export type InboxInvitation = {
  code: string;
  /**
   * "email": an invitation sent to their address; "invitedAgain": the group's admin invited them again by name after a
   * removal or departure (ADR 050), through the group's open link of the moment (`code`), with no expiry.
   */
  kind: "email" | "invitedAgain";
  state: Exclude<InvitationState, "accepted" | "declined">;
  groupId: string;
  groupName: string;
  inviterName: string;
  memberCount: number;
  joinedCount: number;
  contributionCents: number;
  payoutCents: number;
  scheduleLine: string;
  frequency: "daily" | "weekly" | "biweekly" | "monthly";
  payoutOrder: "fixed" | "random";
  setupFeeCents: number;
  sentAt: string;
  /** Null for an invitation again by name: it holds while the group forms. */
  expiresAt: string | null;
};

/** One invitation of `inboxJson`, as PostgreSQL writes it (instants as ISO text). */
export type InboxJson = {
  code: string;
  kind: InboxInvitation["kind"];
  status: GroupInvitationStatus;
  createdAt: string;
  expiresAt: string | null;
  groupId: string;
  groupName: string;
  groupStatus: GroupStatus;
  memberCount: number;
  joinedCount: number;
  contributionCents: number;
  frequency: InboxInvitation["frequency"];
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  payoutOrder: InboxInvitation["payoutOrder"];
  inviterName: string | null;
};

/**
 * Invitations to the email `sql.placeholder("email")` (lowercased) that are pending, or were revoked since
 * `sql.placeholder("since")`, for groups the user `sql.placeholder("userId")` is not in; and the groups whose admin
 * invited that user again by name after a removal or departure (ADR 050: their latest removal lifted, none standing),
 * through the group's open link, unless an invitation to their email still pending at `sql.placeholder("now")` already
 * offers that group. Newest first (an invitation again dated by its lifting), with each group's seats taken: one JSON
 * array, a subquery for /invitations' statement and the dashboard's (app/server/groups/dashboard.server.ts).
 */
export const inboxJson = sql<InboxJson[]>`(
  select coalesce(json_agg(json_build_object(
    'code', x.code, 'kind', x.kind, 'status', x.status, 'createdAt', x.created_at, 'expiresAt', x.expires_at,
    'groupId', g.id, 'groupName', g.name, 'groupStatus', g.status, 'memberCount', g.member_count,
    'joinedCount', (select count(*)::int from group_members seats where seats.group_id = g.id),
    'contributionCents', g.contribution_cents, 'frequency', g.frequency, 'dayOfWeek', g.day_of_week,
    'dayOfMonth', g.day_of_month, 'payoutOrder', g.payout_order, 'inviterName', inviter.name)
    order by x.created_at desc), '[]'::json)
  from (
    select i.code, 'email' as kind, i.status::text as status, i.created_at, i.expires_at, i.group_id, i.invited_by
    from group_invitations i
    where lower(i.email) = ${sql.placeholder("email")}
      and (i.status = 'pending' or (i.status = 'revoked' and i.revoked_at >= ${sql.placeholder("since")}))
    union all
    select again.invite_code, 'invitedAgain', 'pending', r.lifted_at, null, r.group_id, r.lifted_by
    from group_removals r
    join groups again on again.id = r.group_id
    where r.user_id = ${sql.placeholder("userId")} and r.lifted_at is not null
      and not exists (select 1 from group_removals later where later.group_id = r.group_id and later.user_id = r.user_id
        and (later.lifted_at is null or later.lifted_at > r.lifted_at))
      and not exists (select 1 from group_invitations offered where offered.group_id = r.group_id
        and lower(offered.email) = ${sql.placeholder("email")} and offered.status = 'pending' and offered.expires_at > ${sql.placeholder("now")})
  ) x
  join groups g on g.id = x.group_id
  left join users inviter on inviter.id = x.invited_by
  where not exists (select 1 from group_members m where m.group_id = g.id and m.user_id = ${sql.placeholder("userId")}))`;

const inboxStatement = preparedQuery("invitation_inbox", (database, name) =>
  database.select({ inbox: inboxJson }).from(sql`(select 1) viewer`).prepare(name),
);

/** The values `inboxJson`'s placeholders take for `user` at `now`. */
export function inboxParams(user: { id: string; email: string }, now: Date) {
  return { email: user.email.toLowerCase(), since: inboxSince(now), userId: user.id, now };
}

function inboxSince(now: Date) {
  return new Date(now.getTime() - INBOX_HISTORY_DAYS * 86_400_000);
}

/**
 * The signed-in user's invitations, addressed to their email: the open ones first (newest first), then the ones that
 * expired, were revoked or closed in the last 30 days. Answered ones, and groups they are already in, are not listed.
 */
export async function invitationInboxFor(
  user: { id: string; email: string },
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<InboxInvitation[]> {
  const [row] = await inboxStatement().execute(inboxParams(user, now));
  return inboxFrom(row?.inbox ?? [], now, locale);
}

/** The expiry `invitationState` reads for an invitation that has none. */
const NEVER = new Date(8.64e15);

/** The inbox as people see it, from `inboxJson`'s entries (see invitationInboxFor). */
export function inboxFrom(entries: InboxJson[], now: Date, locale: Locale = DEFAULT_LOCALE): InboxInvitation[] {
  const since = inboxSince(now);
  const inbox: InboxInvitation[] = [];
  for (const entry of entries) {
    const createdAt = new Date(entry.createdAt);
    // An invitation again by name does not expire: it holds while the group forms with a seat free.
    const expiresAt = entry.expiresAt === null ? null : new Date(entry.expiresAt);
    const state = invitationState(
      { status: entry.status, expiresAt: expiresAt ?? NEVER },
      { status: entry.groupStatus, joinedCount: entry.joinedCount, memberCount: entry.memberCount },
      now,
    ) as InboxInvitation["state"];
    // Closed and expired ones fade out of the inbox after a while, like revoked ones.
    if (state === "expired" && expiresAt && expiresAt < since) continue;
    if (state === "closed" && createdAt < since) continue;
    inbox.push({
      code: entry.code,
      kind: entry.kind,
      state,
      groupId: entry.groupId,
      groupName: entry.groupName,
      inviterName: entry.inviterName ?? (locale === DEFAULT_LOCALE ? "The group admin" : translator(locale)("invitation.groupAdmin")),
      memberCount: entry.memberCount,
      joinedCount: entry.joinedCount,
      contributionCents: entry.contributionCents,
      payoutCents: payoutPerTurnCents(entry.contributionCents, entry.memberCount),
      // In the reader's language (the emails' words for a schedule).
      scheduleLine: scheduleWords(scheduleOf(entry), locale),
      frequency: entry.frequency,
      payoutOrder: entry.payoutOrder,
      setupFeeCents: SETUP_FEE_CENTS,
      sentAt: createdAt.toISOString(),
      expiresAt: expiresAt?.toISOString() ?? null,
    });
  }
  // Open first; the order within each part stays newest first.
  return [...inbox.filter((entry) => entry.state === "open"), ...inbox.filter((entry) => entry.state !== "open")];
}

/** What became of an invitation the admin sent: its own state, or what the member who joined through it did since. */
export type SentInvitation = { id: string; email: string; state: InvitationState | GroupRemovalKind; sentAt: string; expiresAt: string };

type InvitationRow = typeof groupInvitations.$inferSelect;

/** What became of each invitation sent, given the group's status and seats taken. */
export function sentInvitationViews(
  rows: Array<Pick<InvitationRow, "id" | "email" | "status" | "createdAt" | "expiresAt"> & { afterwards?: GroupRemovalKind | null }>,
  group: { status: GroupStatus; joinedCount: number; memberCount: number },
  now = new Date(),
): SentInvitation[] {
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    // A member who joined and then left reads "Joined, then left", not "Declined" (leaving marks the invitation declined
    // so that it no longer works); one removed since, "Joined, then removed", not "Joined".
    state: row.afterwards ?? invitationState(row, group, now),
    sentAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
}
