import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  commitmentFor,
  DRAW_ALGORITHM_SUMMARY,
  DRAW_VERIFY_SNIPPET,
  drawOrder,
  isSeedHex,
  SEED_BYTES,
  shuffleWithWords,
  verifyCommitment,
} from "./payout-order";

const ZERO_SEED = "00".repeat(32);
const COUNTING_SEED = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, "0")).join(""); // 00 01 … 1f

/** A deterministic seed per counter value, so statistical tests cannot flake. */
const seedFrom = (n: number) => createHash("sha256").update(`seed-${n}`).digest("hex");

const arbitrarySeed = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString("hex"));

describe("seeds and commitments", () => {
  it("uses 32-byte seeds", () => {
    expect(SEED_BYTES).toBe(32);
  });

  it.each([
    [ZERO_SEED, true],
    [COUNTING_SEED, true],
    ["AB".repeat(32), false], // upper case is not the stored form
    ["00".repeat(31), false],
    ["00".repeat(33), false],
    ["zz".repeat(32), false],
    ["", false],
  ])("isSeedHex(%j) is %s", (value, expected) => {
    expect(isSeedHex(value)).toBe(expected);
  });

  it.each([
    // SHA-256 of 32 zero bytes and of the bytes 0x00..0x1f: published/independently computed vectors.
    [ZERO_SEED, "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"],
    [COUNTING_SEED, "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"],
  ])("commitmentFor(%s) is the SHA-256 of its bytes", (seed, expected) => {
    expect(commitmentFor(seed)).toBe(expected);
  });

  it("hashes the bytes, not the hex text", () => {
    fc.assert(
      fc.property(arbitrarySeed, (seed) => {
        expect(commitmentFor(seed)).toBe(createHash("sha256").update(Buffer.from(seed, "hex")).digest("hex"));
        expect(commitmentFor(seed)).not.toBe(createHash("sha256").update(seed).digest("hex"));
      }),
      { numRuns: 50 },
    );
  });

  it("verifies a commitment", () => {
    const commitment = commitmentFor(COUNTING_SEED);
    expect(verifyCommitment(COUNTING_SEED, commitment)).toBe(true);
    expect(verifyCommitment(COUNTING_SEED, commitment.toUpperCase())).toBe(true);
    expect(verifyCommitment(ZERO_SEED, commitment)).toBe(false);
    const lastFlipped = commitment.slice(0, 63) + (commitment.endsWith("0") ? "1" : "0");
    expect(verifyCommitment(COUNTING_SEED, lastFlipped)).toBe(false);
    expect(verifyCommitment("not a seed", commitment)).toBe(false);
    expect(verifyCommitment(COUNTING_SEED, "")).toBe(false);
  });

  it("throws on a malformed seed (a programming error)", () => {
    expect(() => commitmentFor("abc")).toThrow(/64 lowercase hex/);
    expect(() => drawOrder("ABCD".repeat(16), [1, 2, 3])).toThrow(/64 lowercase hex/);
  });
});

describe("drawOrder", () => {
  // Known answers, computed independently with Python's hmac/hashlib from the algorithm's description.
  it.each([
    [ZERO_SEED, ["a", "b", "c", "d", "e"], ["e", "b", "a", "c", "d"]],
    [COUNTING_SEED, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], [6, 8, 12, 5, 1, 11, 7, 3, 4, 10, 2, 9]],
    ["ff".repeat(32), ["Amina", "Ben", "Chioma", "Dawit"], ["Amina", "Chioma", "Ben", "Dawit"]],
  ])("known answer for seed %s", (seed, joinOrder, expected) => {
    expect(drawOrder(seed, joinOrder as readonly unknown[])).toEqual(expected);
  });

  it("handles 0 and 1 items and leaves the input alone", () => {
    expect(drawOrder(ZERO_SEED, [])).toEqual([]);
    expect(drawOrder(ZERO_SEED, ["only"])).toEqual(["only"]);
    const input = Object.freeze(["a", "b", "c", "d", "e"]);
    const output = drawOrder(ZERO_SEED, input);
    expect(output).not.toBe(input);
    expect(input).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("same seed → same order; every member exactly once (property)", () => {
    fc.assert(
      fc.property(arbitrarySeed, fc.uniqueArray(fc.integer(), { minLength: 0, maxLength: 12 }), (seed, members) => {
        const order = drawOrder(seed, members);
        expect(drawOrder(seed, members)).toEqual(order);
        expect(order).toHaveLength(members.length);
        expect([...order].sort((a, b) => a - b)).toEqual([...members].sort((a, b) => a - b));
      }),
    );
  });

  it("different seeds give different orders (12 members, 200 seeds, no repeats)", () => {
    const members = Array.from({ length: 12 }, (_, i) => i);
    const orders = new Set(Array.from({ length: 200 }, (_, n) => drawOrder(seedFrom(n), members).join(",")));
    expect(orders.size).toBe(200);
  });

  it("is uniform: 3 members over 6000 seeds, each of the 6 orders 800-1200 times", () => {
    const counts = new Map<string, number>();
    for (let n = 0; n < 6000; n++) {
      const key = drawOrder(seedFrom(n), ["a", "b", "c"]).join("");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(["abc", "acb", "bac", "bca", "cab", "cba"]);
    for (const count of counts.values()) {
      expect(count).toBeGreaterThanOrEqual(800);
      expect(count).toBeLessThanOrEqual(1200);
    }
  });

  it("every member is equally likely to be paid first: 5 members over 5000 seeds, 800-1200 each", () => {
    const firsts = new Map<string, number>();
    for (let n = 0; n < 5000; n++) {
      const first = drawOrder(seedFrom(n), ["a", "b", "c", "d", "e"])[0]!;
      firsts.set(first, (firsts.get(first) ?? 0) + 1);
    }
    expect(firsts.size).toBe(5);
    for (const count of firsts.values()) {
      expect(count).toBeGreaterThanOrEqual(800);
      expect(count).toBeLessThanOrEqual(1200);
    }
  });
});

describe("shuffleWithWords (the rejection step)", () => {
  it("rejects words at or above the unbiased limit and retries with the next attempt", () => {
    // 3 items: i = 2 (range 3, limit 2^32 - 1) then i = 1 (range 2, limit 2^32).
    const calls: [number, number][] = [];
    const words: Record<string, number> = { "2:0": 2 ** 32 - 1, "2:1": 2 ** 32 - 2, "1:0": 5 };
    const order = shuffleWithWords(["a", "b", "c"], (i, attempt) => {
      calls.push([i, attempt]);
      return words[`${i}:${attempt}`]!;
    });
    // 2^32 - 1 is rejected; 2^32 - 2 = 4294967294 ≡ 2 (mod 3) keeps c in place; 5 mod 2 = 1 keeps b in place.
    expect(calls).toEqual([
      [2, 0],
      [2, 1],
      [1, 0],
    ]);
    expect(order).toEqual(["a", "b", "c"]);
  });

  it("accepts the last word below the limit", () => {
    // range 12: 2^32 mod 12 = 4, so the limit is 2^32 - 4; 2^32 - 5 is accepted (≡ 11 mod 12: no swap at i = 11).
    const calls: string[] = [];
    shuffleWithWords(
      Array.from({ length: 12 }, (_, i) => i),
      (i, attempt) => {
        calls.push(`${i}:${attempt}`);
        return i === 11 ? (attempt === 0 ? 2 ** 32 - 4 : 2 ** 32 - 5) : 0;
      },
    );
    expect(calls.slice(0, 2)).toEqual(["11:0", "11:1"]);
  });
});

describe("the published description", () => {
  it("names the message format and the rejection rule", () => {
    expect(DRAW_ALGORITHM_SUMMARY).toContain('"rosca-draw:i:0"');
    expect(DRAW_ALGORITHM_SUMMARY).toContain("2^32 - (2^32 mod (i+1))");
    expect(DRAW_ALGORITHM_SUMMARY).toContain(DRAW_VERIFY_SNIPPET);
  });

  it("the snippet a member runs prints the same order as drawOrder", () => {
    const names = ["Amina Yusuf", "Ben", "Chioma O.", "Dawit", "Esi", "Farah", "Gus"];
    for (const seed of [ZERO_SEED, COUNTING_SEED, seedFrom(7)]) {
      const script = /^node -e '(.*)' SEED /.exec(DRAW_VERIFY_SNIPPET)![1]!;
      const result = spawnSync(process.execPath, ["-e", script, seed, ...names], { encoding: "utf8" });
      expect(result.stderr).toBe("");
      expect(result.stdout.trimEnd().split("\n")).toEqual(drawOrder(seed, names));
    }
  });
});
