import { DEMO, expect, login, test } from "./fixtures";

test.describe("security basics", () => {
  test("responses carry security headers", async ({ request }) => {
    const response = await request.get("/login");
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-powered-by"]).toBeUndefined();
  });

  test("the session cookie is HttpOnly and SameSite=Lax, and a new one is issued at each login", async ({ page, context }) => {
    await login(page, DEMO.email, DEMO.password, { dashboard: false });
    const first = (await context.cookies()).find((cookie) => cookie.name === "rosca_session");
    expect(first).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    await context.clearCookies();
    await login(page, DEMO.email, DEMO.password, { dashboard: false });
    const second = (await context.cookies()).find((cookie) => cookie.name === "rosca_session");
    expect(second!.value).not.toBe(first!.value);
  });

  test("a cross-site form post is refused", async ({ request }) => {
    const response = await request.post("/login", {
      form: { intent: "login", email: DEMO.email, password: DEMO.password },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toBe("Cross-site request refused.");
  });

  test("health and readiness endpoints answer", async ({ request }) => {
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    expect(await health.text()).toBe("ok");
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.text()).toBe("ready");
  });

  test("/legal links land on the policies, and /profile/bank on bank accounts", async ({ page }) => {
    await page.goto("/legal/terms");
    await expect(page).toHaveURL(/\/terms$/);
    await page.goto("/legal/privacy");
    await expect(page).toHaveURL(/\/privacy$/);
    await login(page, DEMO.email, DEMO.password, { dashboard: false });
    await page.goto("/profile/bank");
    await expect(page).toHaveURL(/\/profile\/bank-accounts$/);
  });

  test("non-admins are turned away from /admin with 'Access Denied'", async ({ page }) => {
    await login(page, DEMO.email, DEMO.password, { dashboard: false });
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Administrator privileges required to access this page.");
  });
});
