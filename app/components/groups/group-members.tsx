import { type Translate, useLocale, useT } from "~/components/i18n";
import type { GroupPageView, MemberView } from "~/server/groups/group-views.server";
import { escapeText, remembered } from "~/components/ui/markup";
import { ShowAllSummary, YOU_TAG_CLASS, YouTag } from "./group-labels";
import { type RemovalReply, RemoveMember } from "./group-roster";

/** SPEC.md section 9: the members list collapses at 4. */
export const MEMBERS_SHOWN = 4;

/**
 * The members, in join order: the first four, the rest in a <details> (works without JavaScript). Paid/Pending is for
 * the current period and only while the group runs; an email shows only where its owner allows it, and a payment
 * record's summary only where its owner shares it (the view already applied each member's choices).
 */
export function GroupMembers({
  group,
  canRemove = false,
  removal = null,
}: {
  group: Pick<GroupPageView, "members" | "status" | "memberCount" | "joinedCount">;
  /** The viewer is the admin of a forming group: each other member gets a Remove form (group-roster.tsx). */
  canRemove?: boolean;
  /** A removal the page refused (its reason), shown open at that member. */
  removal?: RemovalReply | null;
}) {
  const shown = group.members.slice(0, MEMBERS_SHOWN);
  const rest = group.members.slice(MEMBERS_SHOWN);
  const remove = canRemove ? { reply: removal } : null;
  const t = useT();
  return (
    <section aria-labelledby="members-title">
      <h2 id="members-title" className="text-lg font-semibold text-slate-900">
        {t("groupCard.members")}
      </h2>
      <MemberList members={shown} status={group.status} remove={remove} />
      {rest.length > 0 ? (
        <details className="group" open={rest.some((member) => member.memberId === removal?.memberId) || undefined}>
          <ShowAllSummary
            hiddenCount={rest.length}
            what={{ one: "member", other: "members" }}
            more={t("groupPage.moreMembers", { count: rest.length })}
          />
          <MemberList members={rest} status={group.status} remove={remove} />
        </details>
      ) : null}
      {group.status === "forming" && group.joinedCount < group.memberCount ? (
        <p className="mt-3 text-sm text-slate-600">{t("groupPage.waitingFor", { count: group.memberCount - group.joinedCount })}</p>
      ) : null}
    </section>
  );
}

export function MemberList({
  members,
  status,
  remove,
}: {
  members: MemberView[];
  status: GroupPageView["status"];
  remove: { reply: RemovalReply | null } | null;
}) {
  const t = useT();
  const locale = useLocale();
  if (!remove) {
    return (
      <ul
        className="mt-3 divide-y divide-slate-100"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own markup (memberRowsMarkup): fixed tags and classes, every text escaped as React escapes it.
        dangerouslySetInnerHTML={{
          __html: remembered(`member-rows:${JSON.stringify([locale, status, members])}`, t, (words) => memberRowsMarkup(members, status, words)),
        }}
      />
    );
  }
  return (
    <ul className="mt-3 divide-y divide-slate-100">
      {members.map((member) => (
        <li key={member.memberId} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="member-row">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
              <span>{member.profile.name}</span>
              {member.isYou ? <YouTag /> : null}
              {member.isAdmin ? (
                <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">{t("groupCard.admin")}</span>
              ) : null}
            </p>
            {member.profile.email ? <p className="truncate text-sm text-slate-600">{member.profile.email}</p> : null}
            {/* The payment record each member agreed to share (ADR 041); it informs, it never decides anything. */}
            <p className="text-sm text-slate-700" data-testid="member-record">
              {member.record ? t("groupPage.record.line", { summary: member.record.summary }) : t("groupPage.recordNotShared")}
            </p>
          </div>
          {status === "active" ? (
            member.hasPaid ? (
              <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900">{t("groupPage.paid")}</span>
            ) : (
              <span className="flex items-center gap-1">
                <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">{t("groupPage.pending")}</span>
                {/* The debit for this period failed and has not gone through since. */}
                {member.isLate ? (
                  <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">{t("groupPage.late")}</span>
                ) : null}
              </span>
            )
          ) : null}
          {remove && !member.isAdmin && !member.isYou ? (
            <RemoveMember memberId={member.memberId} name={member.profile.name} reply={remove.reply} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The members as markup when nobody can be removed (every group but a forming one seen by its admin): the same markup
 * MemberList's React elements write (ADR 059 part six (j); group-members.test.tsx renders both and compares them).
 */
export function memberRowsMarkup(members: MemberView[], status: GroupPageView["status"], t: Translate): string {
  const parts: string[] = [];
  for (const member of members) {
    parts.push(
      '<li class="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="member-row"><div class="min-w-0">',
      `<p class="flex flex-wrap items-center gap-2 font-medium text-slate-900"><span>${escapeText(member.profile.name)}</span>`,
      member.isYou ? `<span class="${YOU_TAG_CLASS}">${escapeText(t("groupCard.you"))}</span>` : "",
      member.isAdmin
        ? `<span class="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">${escapeText(t("groupCard.admin"))}</span>`
        : "",
      "</p>",
      member.profile.email ? `<p class="truncate text-sm text-slate-600">${escapeText(member.profile.email)}</p>` : "",
      `<p class="text-sm text-slate-700" data-testid="member-record">${escapeText(
        member.record ? t("groupPage.record.line", { summary: member.record.summary }) : t("groupPage.recordNotShared"),
      )}</p></div>`,
    );
    if (status === "active") {
      if (member.hasPaid)
        parts.push(
          `<span class="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900">${escapeText(t("groupPage.paid"))}</span>`,
        );
      else {
        parts.push(
          `<span class="flex items-center gap-1"><span class="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">${escapeText(t("groupPage.pending"))}</span>`,
          member.isLate
            ? `<span class="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">${escapeText(t("groupPage.late"))}</span>`
            : "",
          "</span>",
        );
      }
    }
    parts.push("</li>");
  }
  return parts.join("");
}
