import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { call } from "../support/routes";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl } = await useTestDatabase({ bank: true });
const route = await import("../../app/routes/webhooks.plaid");
const { verifyPlaidWebhook, clearWebhookKeyCache } = await import("../../app/server/bank/webhook-verify.server");
const { plaidCall } = await import("../../app/server/bank/plaid.server");
const { ensureSigningKey, signWebhookBody, sha256Hex } = await import("../../sandbox/plaid/webhooks");
const { db } = await import("../../app/server/db/client.server");
const { ACHClass, Products, TransferType, TransferNetwork } = await import("plaid");
const { generateKeyPair, SignJWT } = await import("jose");
const { sql } = await import("drizzle-orm");
const { drizzle } = await import("drizzle-orm/node-postgres");
const pg = (await import("pg")).default;

// The bank's own signing key, read from its tables the way the bank does (it created it on start).
const bankPool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
afterAll(() => bankPool.end());
const bankKey = await ensureSigningKey(drizzle(bankPool, { casing: "snake_case" }), new Date());

const BODY = JSON.stringify({ webhook_type: "TRANSFER", webhook_code: "TRANSFER_EVENTS_UPDATE", environment: "sandbox" });

function webhookRequest(body: string, verification: string | null, method = "POST") {
  return new Request("http://localhost:3000/webhooks/plaid", {
    method,
    body: method === "GET" ? undefined : body,
    headers: { "Content-Type": "application/json", ...(verification === null ? {} : { "Plaid-Verification": verification }) },
  });
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** Row counts of everything a webhook could one day touch: a rejected webhook must leave them as they were. */
async function snapshot() {
  const result = await db().execute(sql`select
    (select count(*) from bank_items)::int as items,
    (select count(*) from bank_accounts)::int as accounts,
    (select count(*) from notifications)::int as notifications,
    (select count(*) from users)::int as users`);
  return result.rows[0];
}

beforeEach(() => clearWebhookKeyCache());

describe("POST /webhooks/plaid", () => {
  it("accepts a genuine webhook delivered by the sandbox bank", async () => {
    // A receiver standing in for the app's public URL captures exactly what the bank sends.
    let deliver!: (captured: { verification: string | null; body: string }) => void;
    const delivered = new Promise<{ verification: string | null; body: string }>((resolve) => (deliver = resolve));
    const receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        deliver({
          verification: (request.headers["plaid-verification"] as string | undefined) ?? null,
          body: Buffer.concat(chunks).toString("utf8"),
        });
        response.end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = receiver.address() as AddressInfo;
      const token = await plaidCall((api) =>
        api.sandboxPublicTokenCreate({
          institution_id: "ins_109508",
          initial_products: [Products.Auth, Products.Transfer],
          options: { webhook: `http://127.0.0.1:${port}/webhooks/plaid` },
        }),
      );
      if (!token.ok) throw new Error(token.code);
      const exchanged = await plaidCall((api) => api.itemPublicTokenExchange({ public_token: token.value.public_token }));
      if (!exchanged.ok) throw new Error(exchanged.code);
      const accessToken = exchanged.value.access_token;
      const accounts = await plaidCall((api) => api.accountsGet({ access_token: accessToken }));
      if (!accounts.ok) throw new Error(accounts.code);
      const accountId = accounts.value.accounts[0]!.account_id;
      const authorization = await plaidCall((api) =>
        api.transferAuthorizationCreate({
          access_token: accessToken,
          account_id: accountId,
          type: TransferType.Debit,
          network: TransferNetwork.Ach,
          ach_class: ACHClass.Web,
          amount: "10.00",
          user: { legal_name: "Webhook Tester" },
        }),
      );
      if (!authorization.ok) throw new Error(authorization.code);
      const transfer = await plaidCall((api) =>
        api.transferCreate({
          access_token: accessToken,
          account_id: accountId,
          authorization_id: authorization.value.authorization.id,
          description: "Contrib",
        }),
      );
      if (!transfer.ok) throw new Error(transfer.code);

      const captured = await delivered;
      expect(JSON.parse(captured.body)).toEqual({ webhook_type: "TRANSFER", webhook_code: "TRANSFER_EVENTS_UPDATE", environment: "sandbox" });
      const before = await snapshot();
      const result = await call(route.action, webhookRequest(captured.body, captured.verification));
      expect(result).toMatchObject({ status: 200, data: { received: true } });
      expect(await snapshot()).toEqual(before);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it("accepts a body signed with the bank's key now", async () => {
    const jwt = await signWebhookBody(bankKey, BODY, new Date());
    expect(await call(route.action, webhookRequest(BODY, jwt))).toMatchObject({ status: 200, data: { received: true } });
  });

  it("acknowledges other webhook types without acting on them", async () => {
    const body = JSON.stringify({ webhook_type: "ITEM", webhook_code: "DEFAULT_UPDATE", item_id: "x", environment: "sandbox" });
    const jwt = await signWebhookBody(bankKey, body, new Date());
    const before = await snapshot();
    expect(await call(route.action, webhookRequest(body, jwt))).toMatchObject({ status: 200, data: { received: true } });
    expect(await snapshot()).toEqual(before);
  });

  const forgeries: [string, () => Promise<{ body: string; verification: string | null }>, string][] = [
    ["a missing header", async () => ({ body: BODY, verification: null }), "missing_header"],
    ["a header that is not a JWT", async () => ({ body: BODY, verification: "not-a-jwt" }), "malformed"],
    [
      "alg none",
      async () => {
        const header = b64url({ alg: "none", kid: bankKey.kid, typ: "JWT" });
        const payload = b64url({ iat: Math.floor(Date.now() / 1000), request_body_sha256: sha256Hex(BODY) });
        return { body: BODY, verification: `${header}.${payload}.` };
      },
      "unsupported_alg",
    ],
    [
      "HS256 with the bank's kid",
      async () => {
        const verification = await new SignJWT({ request_body_sha256: sha256Hex(BODY) })
          .setProtectedHeader({ alg: "HS256", kid: bankKey.kid, typ: "JWT" })
          .setIssuedAt()
          .sign(new TextEncoder().encode("a shared secret an attacker chose, 32+ bytes long"));
        return { body: BODY, verification };
      },
      "unsupported_alg",
    ],
    [
      "an unknown kid",
      async () => {
        const { privateKey } = await generateKeyPair("ES256");
        const verification = await signWebhookBody({ kid: "00000000-0000-4000-8000-000000000000", privateKey }, BODY, new Date());
        return { body: BODY, verification };
      },
      "unknown_key",
    ],
    [
      "the bank's kid signed with another key",
      async () => {
        const { privateKey } = await generateKeyPair("ES256");
        return { body: BODY, verification: await signWebhookBody({ kid: bankKey.kid, privateKey }, BODY, new Date()) };
      },
      "bad_signature",
    ],
    [
      "a stale iat (6 minutes old)",
      async () => ({ body: BODY, verification: await signWebhookBody(bankKey, BODY, new Date(Date.now() - 6 * 60 * 1000)) }),
      "stale",
    ],
    [
      "one changed byte in the body",
      async () => {
        const verification = await signWebhookBody(bankKey, BODY, new Date());
        return { body: BODY.replace("TRANSFER_EVENTS_UPDATE", "TRANSFER_EVENTS_UPDATF"), verification };
      },
      "body_mismatch",
    ],
  ];

  it.each(forgeries)("rejects %s with 401 and changes nothing", async (_name, forge, reason) => {
    const { body, verification } = await forge();
    const before = await snapshot();
    const result = await call(route.action, webhookRequest(body, verification));
    expect(result).toEqual({ status: 401, location: null, setCookies: [], data: { error: "Invalid webhook signature", reason } });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses GET with 405", async () => {
    expect(await call(route.loader, webhookRequest("", null, "GET"))).toMatchObject({ status: 405 });
  });

  it("refuses an oversized body with 413 before verifying", async () => {
    const body = JSON.stringify({ padding: "x".repeat(70 * 1024) });
    const jwt = await signWebhookBody(bankKey, body, new Date());
    expect(await call(route.action, webhookRequest(body, jwt))).toMatchObject({ status: 413 });
  });
});

describe("verifyPlaidWebhook", () => {
  it("uses the injected clock: 5 minutes is accepted, 5 minutes and 1 second is stale, and so is the future", async () => {
    const signedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const jwt = await signWebhookBody(bankKey, BODY, signedAt);
    expect(await verifyPlaidWebhook(BODY, jwt, new Date(signedAt.getTime() + 5 * 60 * 1000))).toMatchObject({
      ok: true,
      payload: { request_body_sha256: sha256Hex(BODY) },
    });
    expect(await verifyPlaidWebhook(BODY, jwt, new Date(signedAt.getTime() + 5 * 60 * 1000 + 1000))).toEqual({ ok: false, reason: "stale" });
    expect(await verifyPlaidWebhook(BODY, jwt, new Date(signedAt.getTime() - 6 * 60 * 1000))).toEqual({ ok: false, reason: "stale" });
  });

  it("refuses a key the bank has expired", async () => {
    const jwt = await signWebhookBody(bankKey, BODY, new Date());
    await db().execute(sql`update sandbox_plaid.webhook_keys set expired_at = now() - interval '1 minute' where kid = ${bankKey.kid}`);
    try {
      expect(await verifyPlaidWebhook(BODY, jwt)).toEqual({ ok: false, reason: "expired_key" });
    } finally {
      await db().execute(sql`update sandbox_plaid.webhook_keys set expired_at = null where kid = ${bankKey.kid}`);
      clearWebhookKeyCache();
    }
    expect(await verifyPlaidWebhook(BODY, jwt)).toMatchObject({ ok: true });
  });
});
