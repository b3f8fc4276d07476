import { expect, test } from "./fixtures";

/** Issue 16: what an operator relies on, seen from outside the running app. */

test("a request id sent in X-Request-Id comes back in the response; without one the app makes one up", async ({ request }) => {
  const sent = await request.get("/about", { headers: { "X-Request-Id": "e2e-trace-0001" } });
  expect(sent.status()).toBe(200);
  expect(sent.headers()["x-request-id"]).toBe("e2e-trace-0001");
  const made = await request.get("/about");
  expect(made.headers()["x-request-id"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

test("the public port does not serve /metrics (it is on METRICS_PORT)", async ({ request }) => {
  // /metrics is an unknown path here, so it goes where every unknown path goes (SPEC.md section 2: the landing page).
  const response = await request.get("/metrics", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/");
  expect(await response.text()).not.toContain("rosca_http_request_duration_seconds");
});
