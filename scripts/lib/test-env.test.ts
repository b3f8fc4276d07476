import { describe, expect, it } from "vitest";
import { restoreEnvironment } from "./test-env";

describe("restoreEnvironment", () => {
  it("removes what a file added, puts back what it changed or removed, and keeps the rest", () => {
    const start = { APP_ENV: "test", METRICS_PORT: "off", TZ: "UTC" };
    const env: Record<string, string | undefined> = {
      APP_ENV: "production",
      TZ: "UTC",
      DATABASE_URL: "postgres://x/rosca_test_1",
      DATABASE_POOL_SIZE: "40",
    };
    restoreEnvironment(env, start);
    expect(env).toEqual({ APP_ENV: "test", METRICS_PORT: "off", TZ: "UTC" });
  });

  it("leaves an unchanged environment as it is", () => {
    const env = { A: "1", B: "2" };
    restoreEnvironment(env, { A: "1", B: "2" });
    expect(env).toEqual({ A: "1", B: "2" });
  });
});
