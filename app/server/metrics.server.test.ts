import { describe, expect, it } from "vitest";
import { debitsTotal, metricsPortFrom, payoutCentsTotal, payoutsTotal, recordTransferStatus, stageOfStatus } from "./metrics.server";

describe("money metrics", () => {
  it.each([
    ["created", "created"],
    ["pending", "submitted"],
    ["posted", null],
    ["settled", "settled"],
    ["funds_available", null],
    ["declined", "failed"],
    ["failed", "failed"],
    ["cancelled", "failed"],
    ["returned", "returned"],
  ] as const)("a transfer reaching %s counts as %s", (status, stage) => {
    expect(stageOfStatus(status)).toBe(stage);
  });

  it("counts debits by kind and payouts with their amounts", async () => {
    debitsTotal.reset();
    payoutsTotal.reset();
    payoutCentsTotal.reset();
    recordTransferStatus("contribution", "pending", 10_000);
    recordTransferStatus("fee", "declined", 500);
    recordTransferStatus("payout", "settled", 30_000);
    recordTransferStatus("payout", "posted", 30_000);
    const debits = (await debitsTotal.get()).values.map(({ labels, value }) => ({ ...labels, value }));
    expect(debits).toEqual([
      { kind: "contribution", stage: "submitted", value: 1 },
      { kind: "fee", stage: "failed", value: 1 },
    ]);
    expect((await payoutsTotal.get()).values.map(({ labels, value }) => ({ ...labels, value }))).toEqual([{ stage: "settled", value: 1 }]);
    expect((await payoutCentsTotal.get()).values[0]?.value).toBe(30_000);
  });
});

describe("METRICS_PORT", () => {
  it("defaults to 9091, turns off with off/false/none, and refuses anything else", () => {
    expect(metricsPortFrom({})).toBe(9091);
    expect(metricsPortFrom({ METRICS_PORT: "9464" })).toBe(9464);
    expect(metricsPortFrom({ METRICS_PORT: "0" })).toBe(0);
    for (const off of ["off", "false", "none", "OFF"]) expect(metricsPortFrom({ METRICS_PORT: off })).toBeNull();
    for (const bad of ["90o1", "-1", "70000", "1.5"]) expect(() => metricsPortFrom({ METRICS_PORT: bad })).toThrow("METRICS_PORT must be");
  });
});
