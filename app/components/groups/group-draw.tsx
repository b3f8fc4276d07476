import { useT } from "~/components/i18n";
import { DRAW_VERIFY_SNIPPET } from "~/domain/payout-order";
import type { GroupPageView } from "~/server/groups/group-views.server";
import { OrderRecord } from "./group-swaps";

/**
 * Random Draw groups: before the start, the seed's SHA-256 fingerprint (the commitment); after, the revealed seed and
 * how to recompute the order from it, and the turn swaps made since (ADR 041).
 */
export function GroupDraw({ group }: { group: Pick<GroupPageView, "payoutOrder" | "drawCommitment" | "drawSeed" | "members" | "status" | "swaps"> }) {
  const t = useT();
  if (group.payoutOrder !== "random" || !group.drawCommitment) return null;
  return (
    <section aria-labelledby="draw-title">
      <h2 id="draw-title" className="text-lg font-semibold text-slate-900">
        {t("groupPage.draw.title")}
      </h2>
      {group.drawSeed ? (
        <p className="mt-2 text-sm text-slate-700">{t("groupPage.draw.drawn")}</p>
      ) : (
        <p className="mt-2 text-sm text-slate-700">{t("groupPage.draw.notYet")}</p>
      )}
      <dl className="mt-3 space-y-2 text-sm">
        <div>
          <dt className="font-medium text-slate-800">{t("groupPage.draw.fingerprint")}</dt>
          <dd className="font-mono break-all text-slate-900">{group.drawCommitment}</dd>
        </div>
        {group.drawSeed ? (
          <div>
            <dt className="font-medium text-slate-800">{t("groupPage.draw.seed")}</dt>
            <dd className="font-mono break-all text-slate-900">{group.drawSeed}</dd>
          </div>
        ) : null}
      </dl>
      {/* The draw gave the order at the start; turn swaps since (ADR 041) are listed, so anyone can get to today's order. */}
      {group.swaps ? <OrderRecord swaps={group.swaps} /> : null}
      {group.drawSeed ? (
        <details className="mt-3 text-sm">
          <summary className="font-semibold text-brand-700 underline">{t("groupPage.draw.verify")}</summary>
          <div className="mt-2 space-y-2 text-slate-700">
            {/* DRAW_ALGORITHM_SUMMARY's paragraphs (payout-order.ts) in the reader's language. */}
            <p>{t("groupExtra.draw.why")}</p>
            <p>{t("groupExtra.draw.steps")}</p>
            <p>{t("groupPage.draw.joinOrder", { names: group.members.map((member) => member.profile.name).join(", ") })}</p>
            <p>{t("groupPage.draw.node")}</p>
            <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
              <code>{DRAW_VERIFY_SNIPPET}</code>
            </pre>
          </div>
        </details>
      ) : null}
    </section>
  );
}
