import { afterEach, describe, expect, it, vi } from "vitest";
import { reloadEnv } from "../platform/env.server";
import { sandboxDayOf } from "./group-clock.server";

// Tuesday January 6, 2026, noon in New York: the today of a group on real time.
const NOW = new Date("2026-01-06T17:00:00Z");
const REAL_TIME = { clockOffsetSeconds: 0, timeZone: "America/New_York" };
// Moved three days on: its today is Friday January 9.
const MOVED = { clockOffsetSeconds: 3 * 86_400, timeZone: "America/New_York" };

afterEach(() => {
  vi.unstubAllEnvs();
  reloadEnv();
});

describe("sandboxDayOf: the day news about a group is dated by (ADR 040)", () => {
  // PLAID_ENV unset is the sandbox bank double; "sandbox" is Plaid's sandbox; "production" is a real bank.
  it.each([
    ["the double, a day replayed on real time", undefined, "2026-01-05", "2026-01-05", REAL_TIME],
    ["the double, a day replayed long after", undefined, "2025-12-31", "2025-12-31", REAL_TIME],
    ["Plaid's sandbox, a day replayed on real time", "sandbox", "2026-01-05", "2026-01-05", REAL_TIME],
    ["the double, the group's today on real time", undefined, "2026-01-06", null, REAL_TIME],
    ["Plaid's sandbox, the group's today on real time", "sandbox", "2026-01-06", null, REAL_TIME],
    ["the double, the moved clock's today", undefined, "2026-01-09", "2026-01-09", MOVED],
    ["the double, a day the moved clock replays", undefined, "2026-01-07", "2026-01-07", MOVED],
    ["a production bank, a day replayed", "production", "2026-01-05", null, REAL_TIME],
    ["a production bank, the group's today", "production", "2026-01-06", null, REAL_TIME],
  ] as const)("%s (PLAID_ENV %s): news about %s is dated %s", (_case, plaidEnv, day, expected, group) => {
    // The environment the rule reads (a unit test has no database, which the environment requires all the same).
    vi.stubEnv("DATABASE_URL", "postgres://unused/unused");
    vi.stubEnv("PLAID_ENV", plaidEnv);
    reloadEnv();
    expect(sandboxDayOf(group, day, NOW)).toBe(expected);
  });
});
