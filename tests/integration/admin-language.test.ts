/**
 * The admin console's words (ADR 056 part five (i)) go only to a platform admin's pages: the root loader hands every
 * other reader the catalogue without `admin.*`, and the admin the whole one, in the admin's language (SPEC.md's toasts
 * included, under their English words, for the page to translate).
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase();
const root = await import("../../app/root");
const { call, get } = await import("../support/routes");
const { createUser, sessionJarFor } = await import("../support/users");
const { catalogue } = await import("../../app/server/platform/locale.server");

type Messages = Record<string, unknown>;
const adminIds = (messages: Messages) => Object.keys(messages).filter((id) => id.startsWith("admin."));

describe("the admin console's words in the root loader", () => {
  it("go to a platform admin's pages only, in the admin's language", async () => {
    const member = await createUser({ name: "Mina Member", locale: "es-US" });
    const admin = await createUser({ name: "Ada Admin", isAdmin: true, locale: "es-US" });
    const englishAdmin = await createUser({ name: "Abe Admin", isAdmin: true, locale: "en-US" });

    const visitor = (await call(root.loader, get("/"))).data as { locale: string; messages: Messages };
    const memberPage = (await call(root.loader, get("/dashboard", await sessionJarFor(member.id)))).data as { messages: Messages };
    const adminPage = (await call(root.loader, get("/admin", await sessionJarFor(admin.id)))).data as { locale: string; messages: Messages };
    const englishAdminPage = (await call(root.loader, get("/admin", await sessionJarFor(englishAdmin.id)))).data as { messages: Messages };

    expect(adminIds(visitor.messages)).toEqual([]);
    expect(adminIds(memberPage.messages)).toEqual([]);
    // Everything else is still there for them (the header's Admin link is its own id, not the console's).
    expect(Object.keys(memberPage.messages).length).toBe(Object.keys(catalogue("es-US")).length - adminIds(catalogue("es-US")).length);
    expect(memberPage.messages["header.admin"]).toBeDefined();

    expect(adminPage.locale).toBe("es-US");
    expect(adminIds(adminPage.messages).length).toBeGreaterThan(100);
    expect(adminPage.messages["admin.heading"]).toEqual(catalogue("es-US")["admin.heading"]);
    expect(JSON.stringify(adminPage.messages["admin.heading"])).toContain("Panel de administración");
    expect(JSON.stringify(englishAdminPage.messages["admin.heading"])).toContain("Admin Dashboard");
    // SPEC.md's toasts, under their English words, are there for the page to translate.
    expect(JSON.stringify(adminPage.messages["Sandbox access granted successfully"])).toContain("Se concedió el acceso al entorno de prueba");
  });
});
