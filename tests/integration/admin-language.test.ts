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
const { requestContext } = await import("../../app/server/platform/request-context.server");
const { createUser, sessionJarFor } = await import("../support/users");
const { catalogue, catalogueJson } = await import("../../app/server/platform/locale.server");

type Messages = Record<string, unknown>;
const adminIds = (messages: Messages) => Object.keys(messages).filter((id) => id.startsWith("admin."));
/** A client navigation's data request (`….data`): the root's data carries the catalogue as one JSON string (ADR 059). */
const navigation = () => requestContext({ cspNonce: "test-nonce", clientIp: "203.0.113.7", dataRequest: true });
async function rootCatalogue(request: Request): Promise<{ locale: string; messages: Messages }> {
  const { locale, messages } = (await call(root.loader, request, {}, navigation())).data as { locale: string; messages: string };
  return { locale, messages: JSON.parse(messages) as Messages };
}

describe("the admin console's words in the root loader", () => {
  it("go to a platform admin's pages only, in the admin's language", async () => {
    const member = await createUser({ name: "Mina Member", locale: "es-US" });
    const admin = await createUser({ name: "Ada Admin", isAdmin: true, locale: "es-US" });
    const englishAdmin = await createUser({ name: "Abe Admin", isAdmin: true, locale: "en-US" });

    const visitor = await rootCatalogue(get("/"));
    const memberPage = await rootCatalogue(get("/dashboard", await sessionJarFor(member.id)));
    const adminPage = await rootCatalogue(get("/admin", await sessionJarFor(admin.id)));
    const englishAdminPage = await rootCatalogue(get("/admin", await sessionJarFor(englishAdmin.id)));

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

  it("a document's data carries none (its catalogue is the block the layout writes), and that block leaves the console's words to an admin", async () => {
    const member = await createUser({ name: "Doc Member", locale: "es-US" });
    const document = (await call(root.loader, get("/dashboard", await sessionJarFor(member.id)))).data as { messages: unknown };
    expect(document.messages).toBeNull();
    const memberBlock = JSON.parse(catalogueJson("es-US", { admin: false })) as Messages;
    const adminBlock = JSON.parse(catalogueJson("es-US", { admin: true })) as Messages;
    expect(adminIds(memberBlock)).toEqual([]);
    expect(adminIds(adminBlock).length).toBe(adminIds(catalogue("es-US")).length);
    expect(Object.keys(memberBlock).length).toBe(Object.keys(catalogue("es-US")).length - adminIds(catalogue("es-US")).length);
  });
});
