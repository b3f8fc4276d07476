import { stringify } from "csv-stringify/sync";
import { requireUser } from "~/server/auth/guards.server";
import { STATEMENT_KIND_IDS, TRANSFER_STATUS_LABELS, type TransferStatus } from "~/domain/money";
import { statementPageFor } from "~/server/money/ledger.server";
import { requestLocale, translator } from "~/server/platform/locale.server";
import type { Route } from "./+types/groups.$groupId.statement-csv";

/** A file name from the group's name: letters, digits and dashes only (accents dropped: "Ahorro Navideño" → ahorro-navideno). */
function filename(name: string) {
  const slug =
    name
      .normalize("NFD")
      .replace(/\p{M}+/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "group";
  return `${slug}-statement.csv`;
}

/**
 * /groups/{id}/statement.csv: every posting of the group with the running pool balance, for members only (others get
 * the same 404 as an unknown id). Amounts are plain decimals in dollars so spreadsheets sum them; a leading quote
 * guards cells that a spreadsheet would run as a formula.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  const page = await statementPageFor(user.id, params.groupId);
  if (!page) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const t = translator(requestLocale(request, user.locale));
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  const safe = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
  const body = stringify(
    page.rows.map((row) => [
      row.effectiveOn,
      safe(row.memberName),
      STATEMENT_KIND_IDS[row.kind] ? t(STATEMENT_KIND_IDS[row.kind]!) : row.kind,
      row.periodNumber ?? "",
      dollars(row.amountCents),
      dollars(row.poolChangeCents),
      row.status in TRANSFER_STATUS_LABELS ? t(`groupPage.statementPage.status.${row.status as TransferStatus}`) : row.status,
      dollars(row.poolBalanceCents),
    ]),
    {
      header: true,
      // The member's language (ADR 056) for the headings, kinds and statuses; dates and amounts as spreadsheets read
      // them everywhere (ISO days, plain dollars).
      columns: csvHeadings(t),
      record_delimiter: "\r\n",
    },
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename(page.group.name)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** The CSV's column headings, from the catalogue (English: Date, Member, Kind, Period, Amount (USD), …). */
function csvHeadings(t: ReturnType<typeof translator>) {
  return [
    t("groupPage.date"),
    t("groupPage.statementPage.member"),
    t("groupPage.statementPage.kind"),
    t("groupPage.statementPage.csvPeriod"),
    t("groupPage.statementPage.csvAmount"),
    t("groupPage.statementPage.csvPoolChange"),
    t("groupPage.status"),
    t("groupPage.statementPage.csvPoolBalance"),
  ];
}
