import { describe, expect, it } from "vitest";
import { call } from "../support/routes";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const api = await import("../../app/routes/api.bank.link");
const { signedInUser } = await import("../support/users");
const { CookieJar } = await import("../support/routes");

function step(body: unknown, jar: InstanceType<typeof CookieJar> | null) {
  return new Request("http://localhost:3000/api/bank/link", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", ...(jar ? { Cookie: jar.header() } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe("POST /api/bank/link (the Link modal's proxy to the sandbox bank)", () => {
  it("refuses anonymous, unauthorised and malformed requests", async () => {
    expect(await call(api.action, step({ step: "institutions" }, null))).toMatchObject({
      status: 401,
      data: { error: "Session expired. Please log in again." },
    });
    const { jar: outsider } = await signedInUser({ isPlaidSandboxAuthorized: false });
    expect(await call(api.action, step({ step: "institutions" }, outsider))).toMatchObject({
      status: 403,
      data: { error: "Bank linking is available to sandbox-authorised members only." },
    });
    const { jar } = await signedInUser({ isPlaidSandboxAuthorized: true });
    expect((await call(api.action, step("not json", jar))).status).toBe(400);
    expect((await call(api.action, step({ step: "select", linkSessionId: "x", accountIds: [] }, jar))).status).toBe(400);
  });

  it("walks institutions → login → select and ends with a public token", async () => {
    const { jar } = await signedInUser({ isPlaidSandboxAuthorized: true });
    const institutions = await call(api.action, step({ step: "institutions" }, jar));
    expect(institutions.status).toBe(200);
    expect(institutions.data.institutions.map((institution: { name: string }) => institution.name)).toEqual([
      "First Platypus Bank",
      "First Gingham Credit Union",
      "Tartan Bank",
    ]);
    const sessionId = institutions.data.link_session_id;

    const wrong = await call(
      api.action,
      step({ step: "login", linkSessionId: sessionId, institutionId: "ins_109508", username: "user_good", password: "nope" }, jar),
    );
    expect(wrong).toMatchObject({ status: 400, data: { code: "INVALID_CREDENTIALS" } });

    const login = await call(
      api.action,
      step({ step: "login", linkSessionId: sessionId, institutionId: "ins_109508", username: "user_good", password: "pass_good" }, jar),
    );
    expect(login.status).toBe(200);
    expect(login.data.accounts.map((account: { mask: string }) => account.mask)).toEqual(["0000", "1111"]);

    const select = await call(
      api.action,
      step({ step: "select", linkSessionId: sessionId, accountIds: login.data.accounts.map((account: { id: string }) => account.id) }, jar),
    );
    expect(select.status).toBe(200);
    // Multi-Item Link (ADR 049): the browser gets no public token; the exchange reads it from the bank.
    expect(select.data.public_token).toBe("");
  });

  it("passes on a user_custom configuration with named accounts (hundreds of characters), and refuses a longer one than it allows", async () => {
    const { jar } = await signedInUser({ isPlaidSandboxAuthorized: true });
    const sessionId = (await call(api.action, step({ step: "institutions" }, jar))).data.link_session_id;
    const config = JSON.stringify({
      override_accounts: [
        {
          type: "depository",
          subtype: "checking",
          starting_balance: 20,
          meta: { name: "Everyday checking for the circle", official_name: "Plaid Gold Standard 0% Interest Checking" },
        },
        {
          type: "depository",
          subtype: "savings",
          starting_balance: 5000,
          meta: { name: "Rainy-day savings for the circle", official_name: "Plaid Silver Standard 0.1% Interest Saving" },
        },
      ],
    });
    expect(config.length).toBeGreaterThan(300);
    const login = await call(
      api.action,
      step({ step: "login", linkSessionId: sessionId, institutionId: "ins_109508", username: "user_custom", password: config }, jar),
    );
    expect(login.status).toBe(200);
    expect(login.data.accounts.map((account: { name: string }) => account.name)).toEqual([
      "Everyday checking for the circle",
      "Rainy-day savings for the circle",
    ]);
    const tooLong = await call(
      api.action,
      step(
        {
          step: "login",
          linkSessionId: sessionId,
          institutionId: "ins_109508",
          username: "user_custom",
          password: "x".repeat(api.LINK_PASSWORD_MAX + 1),
        },
        jar,
      ),
    );
    expect(tooLong).toMatchObject({ status: 400, data: { error: "Invalid request" } });
  });
});
