import { DEMO, expect, login, test } from "./fixtures";

/**
 * The browser's clock is simulated with page.clock. The server keeps real time, so when the page asks the server
 * about the session 25 minutes "later", we answer as the server would then (5 minutes left); the extension itself
 * goes to the real server.
 */
test("warns at 25 idle minutes and extends the session on 'Stay Logged In'", async ({ page }) => {
  await page.clock.install();
  await login(page, DEMO.email, DEMO.password);
  await page.route("**/api/session", async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    await route.fulfill({ json: { active: true, remainingMs: 5 * 60_000 } });
  });
  const warning = page.getByRole("alertdialog");
  await page.clock.runFor("24:00");
  await expect(warning).toBeHidden();
  await page.clock.runFor("01:05");
  await expect(warning).toContainText("Your session will expire in 5 minutes");
  await warning.getByRole("button", { name: "Stay Logged In" }).click();
  await expect(page.getByRole("region", { name: "Notifications" })).toContainText("Session extended");
  await expect(warning).toBeHidden();
});

test("logs out to /login when the server says the session is over", async ({ page }) => {
  await page.clock.install();
  await login(page, DEMO.email, DEMO.password);
  // As the real server answers once the idle timeout has passed: inactive, and the cookie cleared.
  await page.route("**/api/session", (route) =>
    route.fulfill({
      json: { active: false, remainingMs: 0 },
      headers: { "Set-Cookie": "rosca_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax" },
    }),
  );
  await page.clock.runFor("30:05");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in to your account");
});

test("counts the idle time from the page's arrival, even when the timer's script comes late", async ({ page }) => {
  // The timer is an island loaded after the page: on a slow device it may start minutes of this fake clock later.
  await page.clock.install();
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/session-timer-*.js", async (route) => {
    await released;
    await route.continue();
  });
  await login(page, DEMO.email, DEMO.password);
  await page.route("**/api/session", async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    await route.fulfill({ json: { active: true, remainingMs: 5 * 60_000 } });
  });
  await page.clock.runFor("24:00");
  release();
  await page.clock.runFor("01:05");
  await expect(page.getByRole("alertdialog")).toContainText("Your session will expire in 5 minutes");
});
