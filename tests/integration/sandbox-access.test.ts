import { describe, expect, it } from "vitest";
import { call, CookieJar, get, post } from "../support/routes";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase();
const route = await import("../../app/routes/sandbox-access.request");
const { createSession } = await import("../../app/server/auth/session.server");
const { takeToasts } = await import("../../app/server/notifications/toast.server");
const { openRequestFor, requestSandboxAccess, sandboxCardState } = await import("../../app/server/admin/sandbox-access.server");
const { db } = await import("../../app/server/db/client.server");
const { sandboxAccessRequests, users } = await import("../../app/server/db/schema");
const { eq } = await import("drizzle-orm");

let counter = 0;
async function makeUser(sandbox = false) {
  counter += 1;
  const [user] = await db()
    .insert(users)
    .values({ email: `req${counter}.${Date.now()}@example.com`, name: `Requester ${counter}`, isPlaidSandboxAuthorized: sandbox })
    .returning();
  const jar = new CookieJar();
  jar.store([await createSession(user!.id, get("/login"), { remember: false })]);
  return { user: user!, jar };
}

async function toastsOf(result: { setCookies: string[] }) {
  const jar = new CookieJar();
  jar.store(result.setCookies);
  return (await takeToasts(get("/", jar))).toasts.map((toast) => ({ type: toast.type, title: toast.title, description: toast.description }));
}

async function requestsOf(userId: string) {
  return db().select().from(sandboxAccessRequests).where(eq(sandboxAccessRequests.userId, userId));
}

describe("/sandbox-access/request", () => {
  it("has no page of its own: the loader goes to /dashboard", async () => {
    expect(await call(route.loader, get("/sandbox-access/request"))).toMatchObject({ status: 302, location: "/dashboard" });
  });

  it("sends anonymous visitors to /login and records nothing", async () => {
    const result = await call(route.action, post("/sandbox-access/request", { redirectTo: "/dashboard" }));
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^\/login/);
    expect(await db().select().from(sandboxAccessRequests)).toEqual([]);
  });

  it("records one open request and goes back with 'Request Sent'", async () => {
    const { user, jar } = await makeUser();
    const result = await call(
      route.action,
      post("/sandbox-access/request", { redirectTo: "/profile/bank-accounts", message: "  For my family group  " }, jar),
    );
    expect(result).toMatchObject({ status: 302, location: "/profile/bank-accounts" });
    expect(await toastsOf(result)).toEqual([
      { type: "success", title: "Request Sent", description: "We review sandbox access requests within 24 hours." },
    ]);
    expect(await requestsOf(user.id)).toMatchObject([{ status: "open", message: "For my family group" }]);

    // Asking again keeps one open request.
    const again = await call(route.action, post("/sandbox-access/request", {}, jar));
    expect(again).toMatchObject({ status: 302, location: "/dashboard" });
    expect(await requestsOf(user.id)).toHaveLength(1);

    const state = await sandboxCardState(user.id);
    expect(state).toEqual({
      hasOpenRequest: true,
      requestedAt: (await openRequestFor(user.id))!.createdAt.toISOString(),
      supportEmail: "support@rosca.example",
    });
  });

  it("never redirects off-site", async () => {
    const { jar } = await makeUser();
    for (const redirectTo of ["//evil.example", "https://evil.example/", "/\\evil.example"]) {
      const result = await call(route.action, post("/sandbox-access/request", { redirectTo }, jar));
      expect(result.location, redirectTo).toBe("/dashboard");
    }
  });

  it("records nothing for a user who already has access", async () => {
    const { user, jar } = await makeUser(true);
    const result = await call(route.action, post("/sandbox-access/request", {}, jar));
    expect(result).toMatchObject({ status: 302, location: "/dashboard" });
    expect(await requestsOf(user.id)).toEqual([]);
    expect(await sandboxCardState(user.id)).toEqual({ hasOpenRequest: false, supportEmail: "support@rosca.example" });
  });

  it("keeps one open request under concurrent clicks, and allows a new one after the first is resolved", async () => {
    const { user } = await makeUser();
    const results = await Promise.all(Array.from({ length: 5 }, () => requestSandboxAccess(user.id)));
    expect(results.filter((result) => result.status === "created")).toHaveLength(1);
    expect(await requestsOf(user.id)).toHaveLength(1);
    await db().update(sandboxAccessRequests).set({ status: "declined" }).where(eq(sandboxAccessRequests.userId, user.id));
    expect(await requestSandboxAccess(user.id)).toEqual({ status: "created" });
    expect(await requestsOf(user.id)).toHaveLength(2);
  });
});
