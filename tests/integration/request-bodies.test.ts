/**
 * Issue 17, part 1: every route with an action, read from app/routes.ts, gets every kind of unreadable body as an
 * anonymous visitor, as a signed-in member and as the site admin. Each must be a 4xx (never a 500, never a redirect
 * into the app), and the database must be exactly as before. A route added to app/routes.ts is covered without
 * touching this file.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const { appRoutes, pathFor, paramsFor } = await import("../support/route-table");
const { buildWorld, changedTables, databaseFingerprint } = await import("../support/world");
const { call, BASE } = await import("../support/routes");
const { MAX_FORM_BYTES } = await import("../../app/server/platform/request-body.server");

const BOUNDARY = "----rosca-body-test";
const part = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/** The bodies no route may accept. Each names what it breaks. */
const BAD_BODIES: Array<{ name: string; body: string | Uint8Array<ArrayBuffer>; type: string | null }> = [
  {
    name: "truncated multipart (no closing boundary)",
    body: part("intent", "login") + part("email", "a@example.com"),
    type: `multipart/form-data; boundary=${BOUNDARY}`,
  },
  { name: "multipart without a boundary parameter", body: `${part("intent", "x")}--${BOUNDARY}--\r\n`, type: "multipart/form-data" },
  { name: "text/plain", body: "intent=login\r\nemail=a@example.com", type: "text/plain" },
  { name: "XML", body: "<intent>login</intent>", type: "application/xml" },
  {
    name: "invalid UTF-8 bytes",
    body: Uint8Array.from([...Buffer.from("intent=login&name="), 0xc3, 0x28, 0xff]),
    type: "application/x-www-form-urlencoded",
  },
  { name: "invalid UTF-8 percent-escapes", body: "intent=login&name=%C3%28%FF", type: "application/x-www-form-urlencoded" },
  { name: "a body over the size limit", body: `intent=login&filler=${"a".repeat(MAX_FORM_BYTES * 2)}`, type: "application/x-www-form-urlencoded" },
  {
    name: "repeated fields",
    body: "intent=login&intent=logout&email=a%40example.com&email=b%40example.com&redirectTo=%2Fa&redirectTo=%2Fb",
    type: "application/x-www-form-urlencoded",
  },
  { name: "JSON with a repeated key", body: '{"step":"institutions","step":"exit","name":"a","name":"b"}', type: "application/json" },
  { name: "invalid JSON", body: '{"step": "institutions",', type: "application/json" },
];

const ROLES = ["anonymous", "member", "admin"] as const;

const world = await buildWorld();
const routes = (await appRoutes()).filter((route) => route.module.action);

function badRequest(path: string, bad: (typeof BAD_BODIES)[number], cookie?: string) {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    body: bad.body,
    headers: {
      ...(bad.type ? { "Content-Type": bad.type } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
      // As a browser would send it: a same-origin form post.
      Origin: BASE,
      Accept: "text/html,application/xhtml+xml",
    },
  });
}

describe("unreadable request bodies", () => {
  beforeAll(() => {
    // The walk must find the routes that take posts, or it tests nothing.
    expect(routes.map((route) => route.pattern)).toEqual(
      expect.arrayContaining(["/login", "/register", "/profile/security", "/groups/create", "/admin"]),
    );
  });

  it.each(routes.map((route) => [route.pattern, route] as const))("%s answers 4xx and writes nothing", async (_pattern, route) => {
    const path = pathFor(route.pattern, world.params) + (route.file.endsWith("_index.tsx") ? "?index" : "");
    const params = paramsFor(route.pattern, path.split("?")[0]!);
    const seen: string[] = [];
    const wrong: string[] = [];
    for (const role of ROLES) {
      const jar = await world.jar(role);
      const before = await databaseFingerprint();
      for (const bad of BAD_BODIES) {
        let status: number;
        try {
          status = (await call(route.module.action!, badRequest(path, bad, jar?.header()), params)).status;
        } catch (error) {
          status = 500;
          seen.push(`${role} / ${bad.name}: threw ${error instanceof Error ? error.message : String(error)}`);
        }
        if (status < 400 || status > 499) wrong.push(`${role} / ${bad.name}: ${status}`);
      }
      const changed = changedTables(before, await databaseFingerprint());
      if (changed.length > 0) wrong.push(`${role}: changed ${changed.join(", ")}`);
    }
    expect([...wrong, ...seen]).toEqual([]);
  });
});
