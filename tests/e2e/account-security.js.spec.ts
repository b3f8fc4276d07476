import { expect, sandboxMember, test } from "./fixtures";

/**
 * Issue 32 over real HTTP, through Express and React Router as `npm start` serves them: HTTP-level answers, the same
 * with JavaScript on or off, so they run once (the JavaScript project).
 */

test("a forged X-Forwarded-For is not believed: the sessions list shows the connection's address", async ({ page }) => {
  // TRUST_PROXY is unset here, as under `npm start`: no forwarding header is believed.
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": "203.0.113.99", "Fly-Client-IP": "198.51.100.66" });
  await sandboxMember(page, "forged-ip");
  await page.goto("/profile/security");
  const thisDevice = page.locator("li", { hasText: "This device" });
  await expect(thisDevice).toContainText("IP 127.0.0.1");
  await expect(page.locator("main")).not.toContainText("203.0.113.99");
  await expect(page.locator("main")).not.toContainText("198.51.100.66");
});
