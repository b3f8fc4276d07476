import { useNavigate } from "react-router";
import { type Translate, useLocale, useT } from "~/components/i18n";
import { eventTime } from "~/components/notifications-bell";
import { escapeText, rememberedForReader } from "~/components/ui/markup";
import { formatMoney } from "~/domain/format";
import type { Locale } from "~/domain/locale";
import type { MessageId } from "~/domain/messages/en-US";
import type { ActivityView } from "~/server/groups/group-views.server";

/**
 * 'You joined Wedding Fund', 'Amina Yusuf contributed $100.00 to Wedding Fund', … in the reader's language: the
 * catalogue's `activity.*` sentences, each with the reader's own ("You …") and another member's form.
 */
export function activitySentence(
  item: Pick<ActivityView, "type" | "personName" | "isYou" | "amountCents" | "groupName"> &
    Partial<Pick<ActivityView, "relatedName" | "relatedIsYou">>,
  t: Translate,
  locale: Locale,
) {
  const values = { you: item.isYou ? "yes" : "no", name: item.personName ?? t("activity.someone"), group: item.groupName };
  switch (item.type) {
    case "join":
    case "removed":
    case "left":
      return t(`activity.${item.type}`, values);
    case "swapped":
      return t("activity.swapped", {
        ...values,
        relatedYou: item.relatedIsYou ? "yes" : "no",
        related: item.relatedName ?? t("activity.anotherMember"),
      });
    case "contribution":
    case "payout":
      return item.amountCents !== null
        ? t(`activity.${item.type}`, { ...values, amount: formatMoney(item.amountCents, locale) })
        : t(`activity.${item.type}.noAmount`, values);
  }
}

const markers = {
  join: { label: "activity.marker.join", className: "bg-sky-100 text-sky-900" },
  removed: { label: "activity.marker.removed", className: "bg-slate-200 text-slate-900" },
  left: { label: "activity.marker.left", className: "bg-slate-200 text-slate-900" },
  swapped: { label: "activity.marker.swapped", className: "bg-amber-100 text-amber-900" },
  contribution: { label: "activity.marker.contribution", className: "bg-brand-100 text-brand-900" },
  payout: { label: "activity.marker.payout", className: "bg-violet-100 text-violet-900" },
} as const satisfies Record<ActivityView["type"], { label: MessageId; className: string }>;

/**
 * The items as markup (ADR 059 part seven (m)): the same markup React wrote for them — each link as React Router's
 * `<Link>` writes it — as one string, some seven elements an item fewer for React to render. Nothing in it changes on
 * the client; `GroupActivity` keeps the links' client-side navigation with one handler on the list.
 */
export function activityMarkup(items: ActivityView[], t: Translate, locale: Locale): string {
  let html = "";
  for (const item of items) {
    const marker = markers[item.type];
    html +=
      `<li class="flex flex-wrap items-start gap-3 py-3" data-testid="activity-item">` +
      `<span class="rounded-full px-2 py-0.5 text-xs font-semibold ${marker.className}">${escapeText(t(marker.label))}</span>` +
      `<div class="min-w-0 flex-1"><p class="text-slate-900">` +
      `<a class="hover:underline" href="/groups/${escapeText(item.groupId)}" data-discover="true">${escapeText(activitySentence(item, t, locale))}</a></p>` +
      `<p class="text-sm text-slate-600"><time dateTime="${escapeText(item.occurredOn ?? item.occurredAt)}">${escapeText(eventTime({ createdAt: item.occurredAt, occurredOn: item.occurredOn }, t, locale))}</time></p>` +
      `</div></li>`;
  }
  return html;
}

export function GroupActivity({ items }: { items: ActivityView[] }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  if (items.length === 0) {
    return <p className="mt-4 text-slate-600">{t("activity.empty")}</p>;
  }
  // What <Link> does on a click, for the links in the markup: a plain left click navigates in the app; a modified or
  // middle click, or one already handled, is the browser's (a new tab, a download). Without JavaScript they are links.
  function followLink(event: React.MouseEvent<HTMLOListElement>) {
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void navigate(link.getAttribute("href")!);
  }
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks are the links' own (Enter on a focused link clicks it); the list only hears them bubble.
    <ol
      className="mt-4 divide-y divide-slate-100"
      onClick={followLink}
      // Remembered by the items themselves (ADR 059 part eight (s)): a member's next page with the same news writes no date again.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own markup (activityMarkup): names, amounts and dates escaped as React escapes them.
      dangerouslySetInnerHTML={{
        __html: rememberedForReader(JSON.stringify(["activity", locale, items]), t, (t) => activityMarkup(items, t, locale)),
      }}
    />
  );
}
