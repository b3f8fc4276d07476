import { describe, expect, it } from "vitest";
import {
  debitCentsTotal,
  debitsTotal,
  metricsPortFrom,
  payoutCentsTotal,
  payoutsTotal,
  recordTransferStatus,
  recordTransfers,
  stageOfStatus,
} from "./metrics.server";

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

  it("counts a batch of rows (as planned or moved) and hands the batch back", async () => {
    debitsTotal.reset();
    debitCentsTotal.reset();
    const rows = [
      { id: "a", kind: "contribution", status: "created", amountCents: 2_500 },
      { id: "b", kind: "contribution", status: "created", amountCents: 2_500 },
      { id: "c", kind: "fee", status: "created", amountCents: 500 },
    ] as const;
    expect(recordTransfers(rows)).toBe(rows);
    expect((await debitsTotal.get()).values.map(({ labels, value }) => ({ ...labels, value }))).toEqual([
      { kind: "contribution", stage: "created", value: 2 },
      { kind: "fee", stage: "created", value: 1 },
    ]);
    expect((await debitCentsTotal.get()).values.map(({ labels, value }) => ({ ...labels, value }))).toEqual([
      { kind: "contribution", stage: "created", value: 5_000 },
      { kind: "fee", stage: "created", value: 500 },
    ]);
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
