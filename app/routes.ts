import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/**
 * Every URL of SPEC.md section 2, one module each. All render inside the shared layout in root.tsx.
 * Resource routes (no component) serve health checks and JSON APIs.
 */
export default [
  // The page shell (no URL): its error boundary keeps the signed-in layout on error pages (routes/_shell.tsx).
  layout("routes/_shell.tsx", [
    index("routes/home.tsx"),

    // Accounts
    route("login", "routes/login.tsx"),
    route("register", "routes/register.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("auth-success", "routes/auth-success.tsx"),
    route("auth/confirm", "routes/auth.confirm.tsx"),
    route("logout", "routes/logout.ts"),
    route("language", "routes/language.ts"),

    // Public information pages
    route("about", "routes/about.tsx"),
    route("careers", "routes/careers.tsx"),
    route("contact", "routes/contact.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:id", "routes/blog.$id.tsx"),
    route("help", "routes/help.tsx"),
    route("sharia", "routes/sharia.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    route("security", "routes/security.tsx"),
    route("legal/terms", "routes/legal.terms.ts"),
    route("legal/privacy", "routes/legal.privacy.ts"),

    // Signed-in
    route("dashboard", "routes/dashboard.tsx"),
    route("groups", "routes/groups.tsx"),
    route("groups/create", "routes/groups.create.tsx"),
    route("groups/join/:inviteCode", "routes/groups.join.$inviteCode.tsx"),
    route("invitations", "routes/invitations.tsx"),
    route("groups/:groupId", "routes/groups.$groupId.tsx"),
    route("groups/:groupId/calendar.ics", "routes/groups.$groupId.calendar.ts"),
    route("groups/:groupId/statement", "routes/groups.$groupId.statement.tsx"),
    route("groups/:groupId/statement.csv", "routes/groups.$groupId.statement-csv.ts"),
    route("groups/:groupId/report", "routes/groups.$groupId.report.tsx"),
    route("groups/:groupId/pay", "routes/groups.$groupId.pay.tsx"),
    route("groups/:groupId/accept-payout", "routes/groups.$groupId.accept-payout.tsx"),
    route("reports", "routes/reports.tsx"),
    route("profile", "routes/profile.tsx", [
      index("routes/profile._index.tsx"),
      route("bank-accounts", "routes/profile.bank-accounts.tsx"),
      route("bank", "routes/profile.bank.ts"),
      route("security", "routes/profile.security.tsx"),
      route("email", "routes/profile.email.tsx"),
      route("notifications", "routes/profile.notifications.tsx"),
    ]),
    route("admin", "routes/admin.tsx"),
    route("notifications", "routes/notifications.tsx"),
    route("sandbox-access/request", "routes/sandbox-access.request.ts"),

    // JSON APIs
    ...prefix("api", [
      route("session", "routes/api.session.ts"),
      route("notifications", "routes/api.notifications.ts"),
      route("notifications/:id/read", "routes/api.notifications.$id.read.ts"),
      route("bank/link", "routes/api.bank.link.ts"),
      route("bank/accounts", "routes/api.bank.accounts.ts"),
      route("groups/create", "routes/api.groups.create.ts"),
    ]),

    // Provider webhooks (server to server)
    route("webhooks/plaid", "routes/webhooks.plaid.ts"),
    route("webhooks/postmark", "routes/webhooks.postmark.ts"),

    // Operations
    route("healthz", "routes/healthz.ts"),
    route("readyz", "routes/readyz.ts"),

    // Development tools (404 in production)
    route("dev/mailbox", "routes/dev.mailbox.tsx"),
    route("dev/mailbox/:messageId", "routes/dev.mailbox.$messageId.tsx"),

    // Anything else goes home (SPEC.md section 2)
    route("*", "routes/catch-all.ts"),
  ]),
] satisfies RouteConfig;
