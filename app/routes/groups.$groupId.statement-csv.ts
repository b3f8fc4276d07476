import { stringify } from "csv-stringify/sync";
import { requireUser } from "~/server/auth/guards.server";
import { statementPageFor, TRANSFER_STATUS_LABELS } from "~/server/money/ledger.server";
import type { Route } from "./+types/groups.$groupId.statement-csv";

/** A file name from the group's name: letters, digits and dashes only. */
function filename(name: string) {
  const slug =
    name
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
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  const safe = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
  const body = stringify(
    page.rows.map((row) => [
      row.effectiveOn,
      safe(row.memberName),
      row.kind,
      row.periodNumber ?? "",
      dollars(row.amountCents),
      dollars(row.poolChangeCents),
      TRANSFER_STATUS_LABELS[row.status as keyof typeof TRANSFER_STATUS_LABELS] ?? row.status,
      dollars(row.poolBalanceCents),
    ]),
    {
      header: true,
      columns: ["Date", "Member", "Kind", "Period", "Amount (USD)", "Pool change (USD)", "Status", "Pool balance (USD)"],
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
