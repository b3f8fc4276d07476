/**
 * The admin console's panels (SPEC.md section 2 /admin). Presentational: the route loads the data. Every button is a
 * small POST form, so the console works without JavaScript; each carries q and page so the action can send the admin
 * back to the same results.
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { Card } from "~/components/ui/page";
import type { AdminIntent } from "~/domain/admin";
import { formatDate, formatDateTime } from "~/domain/format";
import { plural } from "~/domain/plural";

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

export function StatCards({ stats }: { stats: { totalUsers: number; sandboxUsers: number; admins: number } }) {
  const items = [
    { label: "Total users", value: stats.totalUsers },
    { label: "Sandbox access", value: stats.sandboxUsers },
    { label: "Administrators", value: stats.admins },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {items.map((item) => (
        <Card key={item.label}>
          <dt className="text-sm text-slate-600">{item.label}</dt>
          <dd className="mt-1 text-3xl font-bold text-slate-900">{item.value.toLocaleString("en-US")}</dd>
        </Card>
      ))}
    </dl>
  );
}

export type PendingRequest = { id: string; userId: string; name: string; email: string; message: string | null; createdAt: string };

export function PendingRequests({ requests, list }: { requests: PendingRequest[]; list: AdminListState }) {
  return (
    <Card>
      <section aria-labelledby="pending-title">
        <h2 id="pending-title" className="text-lg font-semibold text-slate-900">
          Pending access requests <span className="text-slate-600">({requests.length})</span>
        </h2>
        {requests.length === 0 ? (
          <p className="mt-3 text-slate-600">No pending requests.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200">
            {requests.map((request) => (
              <li key={request.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium text-slate-900">{request.name}</p>
                  <p className="text-sm text-slate-600">
                    {request.email} · requested <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
                  </p>
                  {request.message ? <p className="mt-1 text-sm text-slate-700">“{request.message}”</p> : null}
                </div>
                <div className="flex gap-2">
                  <ActionForm intent="grant" name="userId" value={request.userId} list={list} variant="primary">
                    Grant<span className="sr-only"> sandbox access to {request.email}</span>
                  </ActionForm>
                  <ActionForm intent="decline" name="requestId" value={request.id} list={list}>
                    Decline<span className="sr-only"> the request from {request.email}</span>
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
  return (
    <Form method="get" action="/admin" role="search" className="flex flex-wrap items-end gap-2">
      <div className="min-w-64 flex-1">
        <label htmlFor="admin-search" className="mb-1 block text-sm font-medium text-slate-800">
          Search by email or name
        </label>
        <input id="admin-search" type="search" name="q" defaultValue={q} maxLength={200} className={inputClass} />
      </div>
      <button type="submit" className={buttonClass("secondary")}>
        Search
      </button>
      {q ? (
        <Link to="/admin" className="px-2 py-2 text-sm font-medium text-brand-800 underline">
          Clear search
        </Link>
      ) : null}
    </Form>
  );
}

export function UserTable({ users, list }: { users: AdminUser[]; list: AdminListState }) {
  if (users.length === 0) {
    return <p className="py-8 text-center text-slate-600">No users found</p>;
  }
  return (
    <div>
      {/* Stacked rows on a phone (.stack-table, app.css), so Grant and Revoke stay on screen. */}
      <table className="stack-table w-full text-left text-sm">
        <caption className="sr-only">Users</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Name
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Email
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Joined
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Role
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Sandbox access
            </th>
            <th scope="col" className="py-2 font-medium">
              Action
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((user) => (
            <tr key={user.id}>
              <td className="py-2 pr-3 font-medium break-words text-slate-900">{user.name}</td>
              <td className="py-2 pr-3 break-all text-slate-700" data-label="Email">
                {user.email}
              </td>
              <td className="py-2 pr-3 text-slate-700" data-label="Joined">
                <time dateTime={user.createdAt}>{formatDate(user.createdAt, { style: "medium" })}</time>
              </td>
              <td className="py-2 pr-3" data-label="Role">
                <Badge tone={user.isAdmin ? "brand" : "slate"}>{user.isAdmin ? "Admin" : "User"}</Badge>
              </td>
              <td className="py-2 pr-3" data-label="Sandbox access">
                <Badge tone={user.isPlaidSandboxAuthorized ? "brand" : "red"}>{user.isPlaidSandboxAuthorized ? "Granted" : "Revoked"}</Badge>
              </td>
              <td className="py-2 pt-1 sm:pt-2">
                {user.isPlaidSandboxAuthorized ? (
                  <ActionForm intent="revoke" name="userId" value={user.id} list={list} variant="danger">
                    Revoke<span className="sr-only"> sandbox access from {user.email}</span>
                  </ActionForm>
                ) : (
                  <ActionForm intent="grant" name="userId" value={user.id} list={list} variant="primary">
                    Grant<span className="sr-only"> sandbox access to {user.email}</span>
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
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 pt-4 text-sm text-slate-700">
      <p>
        {total === 0 ? "0 users" : `Showing ${first}–${last} of ${plural(total, { one: "user", other: "users" })}`}
        {pageCount > 1 ? ` · page ${page} of ${pageCount}` : ""}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={adminHref({ q, page: Math.min(page - 1, pageCount) })} className={buttonClass("secondary", "px-3 py-1.5")}>
            Previous
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link to={adminHref({ q, page: page + 1 })} className={buttonClass("secondary", "px-3 py-1.5")}>
            Next
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

const AUDIT_VERBS: Record<string, string> = {
  "sandbox.grant": "granted sandbox access to",
  "sandbox.revoke": "revoked sandbox access from",
  "sandbox.request.decline": "declined the sandbox access request of",
  "user.invite": "sent an invitation to",
  "report.reply": "replied to the problem report of",
  "report.close": "closed the problem report of",
};

export function AuditList({ entries }: { entries: AuditEntry[] }) {
  return (
    <Card>
      <section aria-labelledby="audit-title">
        <h2 id="audit-title" className="text-lg font-semibold text-slate-900">
          Audit log
        </h2>
        {entries.length === 0 ? (
          <p className="mt-3 text-slate-600">No admin actions yet.</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-100 text-sm">
            {entries.map((entry) => {
              const details = (entry.details ?? {}) as { unchanged?: boolean; via?: string };
              const target =
                entry.targetName && entry.targetEmail ? `${entry.targetName} (${entry.targetEmail})` : (entry.targetEmail ?? "a deleted user");
              return (
                <li key={entry.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <p className="text-slate-800">
                    <span className="font-medium">{entry.actorName ?? "A deleted admin"}</span> {AUDIT_VERBS[entry.action] ?? entry.action}{" "}
                    <span className="font-medium">{target}</span>
                    {details.via === "add-user" ? " (added by email)" : ""}
                    {details.unchanged ? " (no change)" : ""}
                  </p>
                  <time dateTime={entry.createdAt} className="text-slate-600">
                    {formatDateTime(entry.createdAt)}
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
