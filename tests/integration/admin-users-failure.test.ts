/**
 * The admin console when the user directory cannot be read (SPEC.md section 8, Admin): the page stays up, says
 * 'Failed to fetch users. Please check your permissions.' and offers a retry; the rest of the console still works.
 *
 * The directory query is made to fail once through a module mock: the guard reads the same table, so no lock or
 * missing table can fail the directory alone. Everything else here is real (PostgreSQL, sessions, the route).
 */
import { describe, expect, it, vi } from "vitest";
import { call, CookieJar, get } from "../support/routes";
import { renderRoute, textOf } from "../support/render";
import { useTestDatabase } from "../support/test-db";

const failNextSearch = vi.hoisted(() => ({ on: false }));
vi.mock("../../app/server/admin/admin.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../app/server/admin/admin.server")>();
  return {
    ...original,
    searchUsers: async (...args: Parameters<typeof original.searchUsers>) => {
      if (failNextSearch.on) {
        failNextSearch.on = false;
        throw Object.assign(new Error("permission denied for table users"), { code: "42501" });
      }
      return original.searchUsers(...args);
    },
  };
});

await useTestDatabase();
const admin = await import("../../app/routes/admin");
const { createSession } = await import("../../app/server/auth/session.server");
const { createUser } = await import("../support/users");

async function adminJar() {
  const user = await createUser({ isAdmin: true, name: "Avery Admin" });
  const jar = new CookieJar();
  jar.store([await createSession(user.id, get("/login"), { remember: false })]);
  return jar;
}

describe("admin user directory failure", () => {
  it("shows the spec's message with a retry, and the list again once the directory answers", async () => {
    const jar = await adminJar();
    failNextSearch.on = true;
    const failed = await call(admin.loader, get("/admin?q=amina", jar));
    expect(failed.status).toBe(200);
    expect(failed.data.usersError).toBe("Failed to fetch users. Please check your permissions.");
    expect(failed.data.stats).toBeNull();
    const text = textOf(renderRoute(admin.default, "/admin?q=amina", failed.data));
    expect(text).toContain("Failed to fetch users. Please check your permissions. Try Again");
    expect(text).not.toContain("No users found");
    const html = renderRoute(admin.default, "/admin?q=amina", failed.data);
    expect(html).toMatch(/<a[^>]*href="\/admin\?q=amina"[^>]*>Try Again<\/a>/);

    const again = await call(admin.loader, get("/admin?q=amina", jar));
    expect(again.data.usersError).toBeNull();
    expect(again.data.stats).toMatchObject({ admins: expect.any(Number) });
    expect(textOf(renderRoute(admin.default, "/admin?q=amina", again.data))).not.toContain("Failed to fetch users");
  });
});
