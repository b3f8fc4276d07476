/**
 * The admin console's panels (SPEC.md section 2 /admin). Presentational: the route loads the data. Every button is a
 * small POST form, so the console works without JavaScript; each carries q and page so the action can send the admin
 * back to the same results.
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { type MessageId, T, useLocale, useT } from "~/components/i18n";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { Card } from "~/components/ui/page";
import type { AdminIntent } from "~/domain/admin";
import { formatCount, formatDate, formatDateTime } from "~/domain/format";

export type AdminListState = { q: string; page: number };

export function adminHref({ q, page }: AdminListState) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin?${query}` : "/admin";
}

export function ListStateFields({ q, page }: AdminListState) {
  return (
    <>
      <input type="hidden" name="q" value={q} />
      <input type="hidden" name="page" value={String(page)} />
    </>
  );
}

function ActionForm({
  intent,
  name,
  value,
  list,
  variant = "secondary",
  children,
}: {
  intent: AdminIntent;
  name: "userId" | "requestId";
  value: string;
  list: AdminListState;
  variant?: "primary" | "secondary" | "danger";
  children: ReactNode;
}) {
  return (
    <Form method="post" action="/admin" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={name} value={value} />
      <ListStateFields {...list} />
      <button type="submit" className={buttonClass(variant, "px-3 py-1.5")}>
        {children}
      </button>
    </Form>
  );
}

/** The screen-reader-only rest of a button's name ("Grant<0> sandbox access to …</0>"). */
const srOnly = <span className="sr-only" />;

export function StatCards({ stats }: { stats: { totalUsers: number; sandboxUsers: number; admins: number } }) {
  const t = useT();
  const locale = useLocale();
  const items = [
    { label: t("admin.stats.total"), value: stats.totalUsers },
    { label: t("admin.stats.sandbox"), value: stats.sandboxUsers },
    { label: t("admin.stats.admins"), value: stats.admins },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {items.map((item) => (
        <Card key={item.label}>
          <dt className="text-sm text-slate-600">{item.label}</dt>
          <dd className="mt-1 text-3xl font-bold text-slate-900">{formatCount(item.value, locale)}</dd>
        </Card>
      ))}
    </dl>
  );
}

export type PendingRequest = { id: string; userId: string; name: string; email: string; message: string | null; createdAt: string };

export function PendingRequests({ requests, list }: { requests: PendingRequest[]; list: AdminListState }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Card>
      <section aria-labelledby="pending-title">
        <h2 id="pending-title" className="text-lg font-semibold text-slate-900">
          <T
            id="admin.pending.heading"
            values={{ count: formatCount(requests.length, locale) }}
            components={{ 0: <span className="text-slate-600" /> }}
          />
        </h2>
        {requests.length === 0 ? (
          <p className="mt-3 text-slate-600">{t("admin.pending.none")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200">
            {requests.map((request) => (
              <li key={request.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium text-slate-900">{request.name}</p>
                  <p className="text-sm text-slate-600">
                    <T
                      id="admin.pending.requested"
                      values={{ email: request.email, time: formatDateTime(request.createdAt, { locale }) }}
                      components={{ 0: <time dateTime={request.createdAt} /> }}
                    />
                  </p>
                  {request.message ? <p className="mt-1 text-sm text-slate-700">“{request.message}”</p> : null}
                </div>
                <div className="flex gap-2">
                  <ActionForm intent="grant" name="userId" value={request.userId} list={list} variant="primary">
                    <T id="admin.grant" values={{ email: request.email }} components={{ 0: srOnly }} />
                  </ActionForm>
                  <ActionForm intent="decline" name="requestId" value={request.id} list={list}>
                    <T id="admin.decline" values={{ email: request.email }} components={{ 0: srOnly }} />
                  </ActionForm>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

export type AdminUser = { id: string; name: string; email: string; createdAt: string; isAdmin: boolean; isPlaidSandboxAuthorized: boolean };

export function UserSearch({ q }: { q: string }) {
  const t = useT();
  return (
    <Form method="get" action="/admin" role="search" className="flex flex-wrap items-end gap-2">
      <div className="min-w-64 flex-1">
        <label htmlFor="admin-search" className="mb-1 block text-sm font-medium text-slate-800">
          {t("admin.search.label")}
        </label>
        <input id="admin-search" type="search" name="q" defaultValue={q} maxLength={200} className={inputClass} />
      </div>
      <button type="submit" className={buttonClass("secondary")}>
        {t("admin.search.submit")}
      </button>
      {q ? (
        <Link to="/admin" className="px-2 py-2 text-sm font-medium text-brand-800 underline">
          {t("admin.search.clear")}
        </Link>
      ) : null}
    </Form>
  );
}

export function UserTable({ users, list }: { users: AdminUser[]; list: AdminListState }) {
  const t = useT();
  const locale = useLocale();
  if (users.length === 0) {
    return <p className="py-8 text-center text-slate-600">{t("admin.users.none")}</p>;
  }
  return (
    <div>
      {/* Stacked rows on a phone (.stack-table, app.css), so Grant and Revoke stay on screen. */}
      <table className="stack-table w-full text-left text-sm">
        <caption className="sr-only">{t("admin.users")}</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="whitespace-nowrap py-2 pr-3 font-medium">
              {t("admin.users.name")}
            </th>
            <th scope="col" className="whitespace-nowrap py-2 pr-3 font-medium">
              {t("admin.users.email")}
            </th>
            <th scope="col" className="whitespace-nowrap py-2 pr-3 font-medium">
              {t("admin.users.joined")}
            </th>
            <th scope="col" className="whitespace-nowrap py-2 pr-3 font-medium">
              {t("admin.users.role")}
            </th>
            <th scope="col" className="whitespace-nowrap py-2 pr-3 font-medium">
              {t("admin.users.sandbox")}
            </th>
            <th scope="col" className="whitespace-nowrap py-2 font-medium">
              {t("admin.action")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((user) => (
            <tr key={user.id}>
              <td className="py-2 pr-3 font-medium break-words text-slate-900">{user.name}</td>
              <td className="py-2 pr-3 break-all text-slate-700" data-label={t("admin.users.email")}>
                {user.email}
              </td>
              <td className="py-2 pr-3 text-slate-700" data-label={t("admin.users.joined")}>
                <time dateTime={user.createdAt}>{formatDate(user.createdAt, { style: "medium", locale })}</time>
              </td>
              <td className="py-2 pr-3" data-label={t("admin.users.role")}>
                <Badge tone={user.isAdmin ? "brand" : "slate"}>{t(user.isAdmin ? "admin.users.admin" : "admin.users.user")}</Badge>
              </td>
              <td className="py-2 pr-3" data-label={t("admin.users.sandbox")}>
                <Badge tone={user.isPlaidSandboxAuthorized ? "brand" : "red"}>
                  {t(user.isPlaidSandboxAuthorized ? "admin.users.granted" : "admin.users.revoked")}
                </Badge>
              </td>
              <td className="py-2 pt-1 sm:pt-2">
                {user.isPlaidSandboxAuthorized ? (
                  <ActionForm intent="revoke" name="userId" value={user.id} list={list} variant="danger">
                    <T id="admin.revoke" values={{ email: user.email }} components={{ 0: srOnly }} />
                  </ActionForm>
                ) : (
                  <ActionForm intent="grant" name="userId" value={user.id} list={list} variant="primary">
                    <T id="admin.grant" values={{ email: user.email }} components={{ 0: srOnly }} />
                  </ActionForm>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Badge({ tone, children }: { tone: "brand" | "slate" | "red"; children: ReactNode }) {
  const tones = {
    brand: "bg-brand-50 text-brand-900 ring-brand-200",
    slate: "bg-slate-100 text-slate-800 ring-slate-200",
    red: "bg-red-50 text-red-800 ring-red-200",
  };
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${tones[tone]}`}>{children}</span>;
}

export function Pagination({ q, page, pageCount, total, pageSize }: AdminListState & { pageCount: number; total: number; pageSize: number }) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const t = useT();
  const locale = useLocale();
  const count = (value: number) => formatCount(value, locale);
  return (
    <nav aria-label={t("admin.pagination")} className="flex flex-wrap items-center justify-between gap-3 pt-4 text-sm text-slate-700">
      <p>
        {total === 0 ? t("admin.pagination.none") : t("admin.pagination.showing", { first: count(first), last: count(last), total })}
        {pageCount > 1 ? t("admin.pagination.page", { page: count(page), pageCount: count(pageCount) }) : ""}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={adminHref({ q, page: Math.min(page - 1, pageCount) })} className={buttonClass("secondary", "px-3 py-1.5")}>
            {t("admin.pagination.previous")}
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link to={adminHref({ q, page: page + 1 })} className={buttonClass("secondary", "px-3 py-1.5")}>
            {t("admin.pagination.next")}
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

export type AuditEntry = {
  id: string;
  action: string;
  actorName: string | null;
  actorEmail: string | null;
  targetName: string | null;
  targetEmail: string | null;
  details: unknown;
  createdAt: string;
};

/** Each audited action's sentence (`admin.audit.*`: "<0>actor</0> granted sandbox access to <1>target</1>"). */
const AUDIT_SENTENCES: Record<string, MessageId> = {
  "sandbox.grant": "admin.audit.sandbox.grant",
  "sandbox.revoke": "admin.audit.sandbox.revoke",
  "sandbox.request.decline": "admin.audit.sandbox.request.decline",
  "user.invite": "admin.audit.user.invite",
  "report.reply": "admin.audit.report.reply",
  "report.close": "admin.audit.report.close",
};

export function AuditList({ entries }: { entries: AuditEntry[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Card>
      <section aria-labelledby="audit-title">
        <h2 id="audit-title" className="text-lg font-semibold text-slate-900">
          {t("admin.audit.heading")}
        </h2>
        {entries.length === 0 ? (
          <p className="mt-3 text-slate-600">{t("admin.audit.none")}</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-100 text-sm">
            {entries.map((entry) => {
              const details = (entry.details ?? {}) as { unchanged?: boolean; via?: string };
              const target =
                entry.targetName && entry.targetEmail
                  ? `${entry.targetName} (${entry.targetEmail})`
                  : (entry.targetEmail ?? t("admin.audit.deletedUser"));
              return (
                <li key={entry.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <p className="text-slate-800">
                    <T
                      id={AUDIT_SENTENCES[entry.action] ?? "admin.audit.other"}
                      values={{ actor: entry.actorName ?? t("admin.audit.deletedAdmin"), action: entry.action, target }}
                      components={{ 0: <span className="font-medium" />, 1: <span className="font-medium" /> }}
                    />
                    {details.via === "add-user" ? t("admin.audit.addedByEmail") : ""}
                    {details.unchanged ? t("admin.audit.noChange") : ""}
                  </p>
                  <time dateTime={entry.createdAt} className="text-slate-600">
                    {formatDateTime(entry.createdAt, { locale })}
                  </time>
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </Card>
  );
}
