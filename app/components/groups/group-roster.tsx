/**
 * The roster controls while a group forms: the admin's (ADR 038) remove a member, with a reason the member is shown,
 * and replace the open invite link; a member's (ADR 041) leave the group. Plain POST forms inside <details>: the
 * summary is the first click, the button inside the confirmation, with or without JavaScript.
 */
import { Form, useNavigation } from "react-router";
import { useLocale, useT } from "~/components/i18n";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { formatCalendarDay } from "~/domain/format";
import { REMOVAL_REASON_MAX, type RosterHistoryEntry } from "~/domain/roster";

/** What the page's action answered for a removal that did not pass (the reason), to show at that member. */
export type RemovalReply = {
  memberId: string;
  result: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null };
};

export function RemoveMember({ memberId, name, reply }: { memberId: string; name: string; reply?: RemovalReply | null }) {
  const navigation = useNavigation();
  const t = useT();
  const busy = navigation.state === "submitting" && navigation.formData?.get("memberId") === memberId;
  const mine = reply?.memberId === memberId ? reply : null;
  const typed = mine?.result.initialValue?.reason;
  const id = `remove-reason-${memberId}`;
  return (
    <details className="w-full" open={mine !== null || undefined}>
      <summary className="cursor-pointer text-sm font-medium text-red-800 underline">
        {t("groupPage.roster.remove")}
        <span className="sr-only"> {name}</span>
      </summary>
      <Form method="post" className="mt-2 space-y-2 rounded-lg border border-red-200 bg-red-50 p-3">
        <input type="hidden" name="memberId" value={memberId} />
        <Field
          label={t("groupPage.roster.reason", { name })}
          inputProps={{
            id,
            name: "reason",
            type: "text",
            required: true,
            maxLength: REMOVAL_REASON_MAX,
            defaultValue: typeof typed === "string" ? typed : undefined,
            autoComplete: "off",
          }}
          errors={mine?.result.error?.reason ?? null}
        />
        <p className="text-xs text-slate-700">{t("groupPage.roster.removeHelp")}</p>
        <button type="submit" name="intent" value="remove-member" className={buttonClass("danger", "px-3 py-1.5")} disabled={busy}>
          {t("groupPage.roster.removeName", { name })}
        </button>
      </Form>
    </details>
  );
}

export function ReplaceInviteLink() {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "rotate-link";
  const t = useT();
  return (
    <details className="mt-4">
      <summary className="cursor-pointer text-sm font-medium text-brand-700 underline">{t("groupPage.roster.replaceLink")}</summary>
      <Form method="post" className="mt-2 space-y-2">
        <p className="text-sm text-slate-700">{t("groupPage.roster.replaceHelp")}</p>
        <button type="submit" name="intent" value="rotate-link" className={buttonClass("secondary")} disabled={busy}>
          {t("groupPage.roster.replaceButton")}
        </button>
      </Form>
    </details>
  );
}

/** A member (not the admin) leaves a forming group: a confirmation, then a plain POST. */
export function LeaveGroup({ groupName }: { groupName: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "leave-group";
  const t = useT();
  return (
    <details className="mt-4 border-t border-slate-100 pt-4">
      <summary className="cursor-pointer text-sm font-medium text-red-800 underline">{t("groupPage.roster.leave")}</summary>
      <Form method="post" className="mt-2 space-y-2 rounded-lg border border-red-200 bg-red-50 p-3">
        <p className="text-sm text-slate-800">{t("groupPage.roster.leaveHelp", { group: groupName })}</p>
        <button type="submit" name="intent" value="leave-group" className={buttonClass("danger", "px-3 py-1.5")} disabled={busy}>
          {t("groupPage.roster.leaveName", { group: groupName })}
        </button>
      </Form>
    </details>
  );
}

/**
 * A forming group's roster history (ADR 050): who joined, left, was removed or invited again, with the day; a removal's
 * reason for the admin only (the loader leaves it out for everyone else); the admin's "Invite again" beside a person
 * still refused, a plain POST that lifts the refusal.
 */
export function RosterHistory({ entries }: { entries: RosterHistoryEntry[] }) {
  const navigation = useNavigation();
  const t = useT();
  const locale = useLocale();
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="roster-history-title" className="mt-4 border-t border-slate-100 pt-4">
      <h3 id="roster-history-title" className="text-base font-semibold text-slate-900">
        {t("groupPage.roster.history")}
      </h3>
      <ul className="mt-2 space-y-2 text-sm text-slate-800">
        {entries.map((entry) => (
          <li key={entry.id} className="break-words">
            {/* English is rosterHistoryLine's (roster.ts) word for word: group-extra.test.ts checks the catalogue says the same. */}
            <span className="font-medium">{t(`groupPage.roster.${entry.kind}`, { name: entry.name })}</span>{" "}
            {t("groupPage.roster.on", { date: formatCalendarDay(entry.day, "long", locale) })}
            {entry.reason ? (
              <span className="block text-slate-700">{t("groupPage.roster.reasonOnlyYou", { name: entry.name, reason: entry.reason })}</span>
            ) : null}
            {entry.userId ? (
              <Form method="post" className="mt-1">
                <input type="hidden" name="userId" value={entry.userId} />
                <button
                  type="submit"
                  name="intent"
                  value="invite-again"
                  className={buttonClass("secondary", "px-3 py-1.5")}
                  disabled={navigation.state === "submitting" && navigation.formData?.get("userId") === entry.userId}
                >
                  {t("groupPage.roster.inviteAgain", { name: entry.name })}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
