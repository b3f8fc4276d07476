import { expect, test } from "./fixtures";

/**
 * Issue 17 over real HTTP, through Express and React Router: an unreadable body is the site's error page with a 4xx,
 * never a 500 or a stack trace, and the busy-server machinery stays out of an ordinary visitor's way.
 */
const BOUNDARY = "----rosca-e2e";

test("a truncated multipart post is a 400 with the error page's message, for pages and APIs", async ({ request }) => {
  const truncated = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com\r\n`;
  const page = await request.post("/login", {
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, Accept: "text/html" },
    data: truncated,
  });
  expect(page.status()).toBe(400);
  const html = await page.text();
  expect(html).toContain("Something went wrong");
  expect(html).toContain("The form could not be read: it arrived incomplete or malformed. Go back, reload the page and submit it again.");
  expect(html).not.toMatch(/at .*\.(ts|js):\d+/);

  const api = await request.post("/api/bank/link", {
    headers: { "Content-Type": "application/json" },
    data: '{"step":"institutions","step":"exit"}',
  });
  expect([api.status(), await api.json()]).toEqual([400, { error: 'Key "step" appears more than once in one object' }]);

  const big = await request.post("/register", {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: `fullName=${"a".repeat(200_000)}`,
  });
  // The refusal arrives while the client is still sending (the server reads and drops the rest): not a connection reset.
  expect(big.status()).toBe(413);
  expect(await big.text()).toContain("What you sent is too large for this page. Go back and submit less.");
});

test("the landing page comes from the page cache for anonymous visitors, and not for signed-in ones", async ({ request }) => {
  await request.get("/");
  const cached = await request.get("/");
  expect(cached.headers()["x-page-cache"]).toBe("hit");
  // Each response carries its own CSP nonce, in the header and on every script.
  const nonce = /'nonce-([^']+)'/.exec(cached.headers()["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();
  const html = await cached.text();
  const nonces = [...html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((match) => match[1]);
  expect(nonces.length).toBeGreaterThan(0);
  expect(new Set(nonces)).toEqual(new Set([nonce]));
  const again = await request.get("/");
  expect(again.headers()["content-security-policy"]).not.toContain(`'nonce-${nonce}'`);

  const signedIn = await request.get("/", { headers: { Cookie: "rosca_session=not-a-session" } });
  expect(signedIn.headers()["x-page-cache"]).toBeUndefined();
});
