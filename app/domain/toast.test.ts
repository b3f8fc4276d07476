import { describe, expect, it } from "vitest";
import { MAX_TOASTS, NOTICE_DURATION_MS, toastDurationMs } from "./toast";

describe("toast timing (SPEC.md section 9)", () => {
  it.each([
    ["error", 4000],
    ["success", 2000],
    ["info", 5000],
    ["warning", 5000],
  ] as const)("%s toasts close after %i ms", (type, ms) => {
    expect(toastDurationMs(type)).toBe(ms);
  });

  it("caps the stack at 20 and closes notices after 5 s", () => {
    expect(MAX_TOASTS).toBe(20);
    expect(NOTICE_DURATION_MS).toBe(5000);
  });
});
