/**
 * Rotating the key rings (ADR 042; README, "Rotating secrets"), step by step as an operator deploys them: each step is
 * a new environment (reloadEnv plays the deploy). Sessions signed with the old secret live through the rotation and end
 * when it leaves the ring; values encrypted with the old key stay readable, `npm run keys:reencrypt` (the real script,
 * as a process) moves them to the new key, and then the new key alone reads everything.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

const OLD_SECRET = `old-${randomBytes(30).toString("base64")}`;
const NEW_SECRET = `new-${randomBytes(30).toString("base64")}`;
const OLD_KEY = randomBytes(32).toString("base64");
const NEW_KEY = randomBytes(32).toString("base64");

/** One deploy: these variables set (undefined: unset), the environment read again. */
function deploy(variables: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(variables)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  reloadEnv();
}

// Before key rings: one secret, one key.
process.env.SESSION_SECRET = OLD_SECRET;
process.env.ENCRYPTION_KEY = OLD_KEY;
delete process.env.SESSION_SECRETS;
delete process.env.ENCRYPTION_KEYS;
const { databaseUrl } = await useTestDatabase({ bank: true });
const { reloadEnv } = await import("../../app/server/platform/env.server");
const { createSession, lookupSession } = await import("../../app/server/auth/session.server");
const { unsignCookieValue } = await import("../../app/server/auth/cookie-signature.server");
const { flashToast, takeToasts } = await import("../../app/server/notifications/toast.server");
const { decryptSecret, encryptSecret } = await import("../../app/server/platform/crypto.server");
const { startTwoFactorEnrolment, enrolmentDetails } = await import("../../app/server/auth/two-factor.server");
const { queueEmail } = await import("../../app/server/email/outbox.server");
const { createGroup } = await import("../../app/server/groups/groups.server");
const { plaidCall } = await import("../../app/server/bank/plaid.server");
const { bankedMember } = await import("../support/money");
const { createUser } = await import("../support/users");
const { CookieJar, get } = await import("../support/routes");
const { db } = await import("../../app/server/db/client.server");
const { bankItems, emailOutbox, groups, users } = await import("../../app/server/db/schema");
const { eq, sql } = await import("drizzle-orm");

async function sessionStatus(jar: InstanceType<typeof CookieJar>) {
  return (await lookupSession(get("/dashboard", jar), { touch: false })).status;
}

/** `npm run keys:reencrypt` against this database with the given ring, as a process of its own. */
function reencryptScript(ring: string, batchSize = 2): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/reencrypt.ts"],
      {
        env: { ...process.env, DATABASE_URL: databaseUrl, APP_ENV: "test", ENCRYPTION_KEYS: ring, REENCRYPT_BATCH_SIZE: String(batchSize) },
        timeout: 60_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("SESSION_SECRETS rotation", () => {
  it("keeps a session signed with the old secret through the rotation, and ends it once the old secret leaves the ring", async () => {
    deploy({ SESSION_SECRET: OLD_SECRET, SESSION_SECRETS: undefined });
    const user = await createUser();
    const before = new CookieJar();
    before.store([await createSession(user.id, get("/login"), { remember: true })]);
    const flashed = new CookieJar();
    flashed.store([await flashToast(get("/"), { title: "Saved before the rotation" })]);
    expect(await sessionStatus(before)).toBe("active");

    // Step 1: the new secret second. Every machine verifies it; the old one still signs.
    deploy({ SESSION_SECRET: undefined, SESSION_SECRETS: `${OLD_SECRET},${NEW_SECRET}` });
    expect(await sessionStatus(before)).toBe("active");
    const duringStep1 = (await createSession(user.id, get("/login"), { remember: false })).split(";")[0]!.split("=")[1]!;
    expect(unsignCookieValue(decodeURIComponent(duringStep1), [OLD_SECRET])).toEqual(expect.any(String));

    // Step 2: the new secret first. It signs; the old one still verifies.
    deploy({ SESSION_SECRETS: `${NEW_SECRET},${OLD_SECRET}` });
    expect(await sessionStatus(before)).toBe("active");
    const after = new CookieJar();
    const afterCookie = await createSession(user.id, get("/login"), { remember: true });
    after.store([afterCookie]);
    const signed = decodeURIComponent(afterCookie.split(";")[0]!.split("=")[1]!);
    expect(unsignCookieValue(signed, [NEW_SECRET])).toEqual(expect.any(String));
    expect(unsignCookieValue(signed, [OLD_SECRET])).toBeNull();
    expect((await takeToasts(get("/", flashed))).toasts.map((toast) => toast.title)).toEqual(["Saved before the rotation"]);

    // Step 3: the old secret removed. What it signed is no longer believed; what the new one signed is.
    deploy({ SESSION_SECRETS: NEW_SECRET });
    expect(await sessionStatus(before)).toBe("invalid");
    expect(await sessionStatus(after)).toBe("active");
    expect((await takeToasts(get("/", flashed))).toasts).toEqual([]);
    // The old cookie's session row is untouched: signing in again is all it takes.
    expect((await db().execute(sql`select count(*)::int as n from sessions where user_id = ${user.id}`)).rows[0]).toEqual({ n: 3 });
  });
});

describe("ENCRYPTION_KEYS rotation and keys:reencrypt", () => {
  it("reads the old key's values through the rotation, moves them to the new key, and then needs only the new key", {
    timeout: 120_000,
  }, async () => {
    deploy({ ENCRYPTION_KEY: OLD_KEY, ENCRYPTION_KEYS: undefined });
    // What the app writes under ENCRYPTION_KEY alone: a bank access token, a pending and a confirmed TOTP secret,
    // an email's template data and a random-order group's draw seed.
    const members = [await bankedMember("Rotation"), await bankedMember("Rotation")];
    for (const member of members) await startTwoFactorEnrolment(member.id);
    await db()
      .update(users)
      .set({ totpSecretEncrypted: encryptSecret("JBSWY3DPEHPK3PXP") })
      .where(eq(users.id, members[0]!.id));
    await queueEmail(db(), "support@rosca.example", {
      template: "contact",
      data: { name: "Dana", email: "dana@example.com", topic: "Other", message: "Hello" },
    });
    const created = await createGroup(
      members[0]!,
      {
        name: "Rotation Circle",
        memberCount: 3,
        contributionCents: 5_000,
        payoutOrder: "random",
        schedule: { frequency: "weekly", dayOfWeek: 5, dayOfMonth: null },
        startOn: null,
        timeZone: "America/New_York",
        inviteeEmails: [],
      },
      { now: new Date() },
    );
    expect(created.ok).toBe(true);

    const stored = async () => {
      const { rows } = await db().execute<{ column: string; value: string }>(sql`
        select 'users.totp_secret_encrypted' as column, totp_secret_encrypted as value from ${users} where totp_secret_encrypted is not null
        union all select 'users.totp_pending_secret_encrypted', totp_pending_secret_encrypted from ${users} where totp_pending_secret_encrypted is not null
        union all select 'bank_items.access_token_encrypted', access_token_encrypted from ${bankItems}
        union all select 'groups.draw_seed_encrypted', draw_seed_encrypted from ${groups} where draw_seed_encrypted is not null
        union all select 'email_outbox.payload_encrypted', payload_encrypted from ${emailOutbox} where payload_encrypted is not null
        order by 1, 2`);
      return rows;
    };
    const original = await stored();
    const count = (column: string) => original.filter((row) => row.column === column).length;
    expect(
      ["users.totp_secret_encrypted", "users.totp_pending_secret_encrypted", "bank_items.access_token_encrypted", "groups.draw_seed_encrypted"].map(
        count,
      ),
    ).toEqual([1, 2, 2, 1]);
    // The contact message, and whatever the members' linking queued.
    const outboxCount = count("email_outbox.payload_encrypted");
    expect(outboxCount).toBeGreaterThanOrEqual(1);
    // ENCRYPTION_KEY alone writes the format without a key id, which the version before key rings reads.
    for (const row of original) expect(row.value).toMatch(/^v1\./);
    const plaintexts = original.map((row) => decryptSecret(row.value));

    // The move to a ring (the old key as k0), then step 1 (the new key second) and step 2 (the new key first).
    deploy({ ENCRYPTION_KEY: undefined, ENCRYPTION_KEYS: `k0:${OLD_KEY}` });
    expect(original.map((row) => decryptSecret(row.value))).toEqual(plaintexts);
    deploy({ ENCRYPTION_KEYS: `k0:${OLD_KEY},k1:${NEW_KEY}` });
    expect(encryptSecret("step 1")).toMatch(/^v2\.k0\./);
    deploy({ ENCRYPTION_KEYS: `k1:${NEW_KEY},k0:${OLD_KEY}` });
    expect(original.map((row) => decryptSecret(row.value))).toEqual(plaintexts);
    const writtenAfter = encryptSecret("written after the rotation");
    expect(writtenAfter).toMatch(/^v2\.k1\./);

    // A value no key of the ring opens (a key lost before this rotation): reported, left alone, exit 1.
    const foreign = encryptSecret(JSON.stringify({ lost: true }), { keys: [{ id: "k9", key: randomBytes(32) }] });
    const [orphan] = await db()
      .insert(emailOutbox)
      .values({ toAddress: "lost@example.com", template: "contact", payloadEncrypted: foreign, status: "queued", nextAttemptAt: new Date() })
      .returning({ id: emailOutbox.id });
    const ring = `k1:${NEW_KEY},k0:${OLD_KEY}`;
    const first = await reencryptScript(ring);
    expect(first.stderr).toBe("");
    expect(first.stdout.split("\n").filter(Boolean)).toEqual([
      "Re-encrypting under key k1 (ENCRYPTION_KEYS: k1, k0)…",
      "users.totp_secret_encrypted: 1 re-encrypted, 0 unreadable; now 1 under the newest key, 0 not",
      "users.totp_pending_secret_encrypted: 2 re-encrypted, 0 unreadable; now 2 under the newest key, 0 not",
      "bank_items.access_token_encrypted: 2 re-encrypted, 0 unreadable; now 2 under the newest key, 0 not",
      "groups.draw_seed_encrypted: 1 re-encrypted, 0 unreadable; now 1 under the newest key, 0 not",
      `email_outbox.payload_encrypted: ${outboxCount} re-encrypted, 1 unreadable; now ${outboxCount} under the newest key, 1 not`,
      "1 values are not under the newest key yet. Keep the older keys in ENCRYPTION_KEYS; run this again (values the app held locked are done next time). Unreadable values need a key that is not in the ring.",
    ]);
    expect(first.code).toBe(1);
    const [left] = await db().select({ value: emailOutbox.payloadEncrypted }).from(emailOutbox).where(eq(emailOutbox.id, orphan!.id));
    expect(left!.value).toBe(foreign);
    await db().delete(emailOutbox).where(eq(emailOutbox.id, orphan!.id));

    // Idempotent: a second run finds everything under k1 and rewrites nothing.
    const second = await reencryptScript(ring);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`email_outbox.payload_encrypted: 0 re-encrypted, 0 unreadable; now ${outboxCount} under the newest key, 0 not`);
    expect(second.stdout).toContain("bank_items.access_token_encrypted: 0 re-encrypted, 0 unreadable; now 2 under the newest key, 0 not");
    expect(second.stdout).toContain("Every encrypted value is under the newest key: the older keys may leave ENCRYPTION_KEYS.");

    // Step 4: the old key removed. Everything stored reads with the new key alone; the values as they were before
    // the rotation would not.
    deploy({ ENCRYPTION_KEYS: `k1:${NEW_KEY}` });
    const rewritten = await stored();
    for (const row of rewritten) expect(row.value).toMatch(/^v2\.k1\./);
    expect(rewritten.map((row) => decryptSecret(row.value)).sort()).toEqual([...plaintexts].sort());
    expect(decryptSecret(writtenAfter)).toBe("written after the rotation");
    for (const row of original) expect(() => decryptSecret(row.value)).toThrow();
    // The app's own reads: the bank answers for the re-encrypted access token, the enrolment shows its secret.
    const [item] = await db().select().from(bankItems).where(eq(bankItems.userId, members[1]!.id));
    const balance = await plaidCall((api) => api.accountsBalanceGet({ access_token: decryptSecret(item!.accessTokenEncrypted) }));
    expect(balance.ok).toBe(true);
    const [member] = await db().select().from(users).where(eq(users.id, members[1]!.id));
    expect((await enrolmentDetails(member!))?.secret).toMatch(/^[A-Z2-7]+$/);
  });
});
