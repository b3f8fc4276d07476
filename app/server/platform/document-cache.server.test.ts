import { createHash } from "node:crypto";
import { crc32, gunzipSync, inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createDocumentCache, type DocumentInputs } from "./document-cache.server";

function inputs(overrides: Partial<DocumentInputs> = {}, nonce = "n1"): DocumentInputs {
  return {
    url: "http://localhost/groups/g1",
    ready: "onShellReady",
    year: 2026,
    loaderData: {
      root: { user: { id: "u1", name: "Dana Demo" }, nonce, sessionRemainingMs: null, toasts: [] },
      "routes/groups.$groupId": { group: { id: "g1", name: "Neighborhood Circle" }, due: new Date("2026-12-01T00:00:00Z") },
    },
    ...overrides,
  };
}

describe("the document cache (document-cache.server.ts)", () => {
  it("keys a render by its inputs, leaving out only the response's own nonce", () => {
    const cache = createDocumentCache({ maxBytes: 10_000 });
    const key = cache.keyOf(inputs({}, "n1"), "n1");
    expect(key).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(cache.keyOf(inputs({}, "n2"), "n2")).toBe(key);

    const group = (change: Record<string, unknown>) => ({
      ...inputs().loaderData,
      "routes/groups.$groupId": { ...(inputs().loaderData["routes/groups.$groupId"] as object), ...change },
    });
    const others = [
      inputs({ url: "http://localhost/groups/g2" }),
      inputs({ ready: "onAllReady" }),
      inputs({ year: 2027 }),
      inputs({ loaderData: group({ due: new Date("2026-12-02T00:00:00Z") }) }),
      inputs({ loaderData: group({ extra: undefined }) }),
      inputs({ loaderData: { ...inputs().loaderData, root: { ...(inputs().loaderData.root as object), user: { id: "u2", name: "Dana Demo" } } } }),
    ].map((other) => cache.keyOf(other, "n1"));
    expect(new Set([key, ...others]).size).toBe(others.length + 1);
    // A nonce in the data that is not this response's is part of the data.
    expect(cache.keyOf(inputs({}, "n1"), "n2")).not.toBe(key);
  });

  it("does not key a render with deferred data", () => {
    const cache = createDocumentCache({ maxBytes: 10_000 });
    const later = Promise.resolve(1);
    expect(cache.keyOf(inputs({ loaderData: { root: {}, "routes/x": { later } } }), "n1")).toBeNull();
    expect(cache.counts.unkeyed).toBe(1);
  });

  it("gives each response its own nonce in place of the one the document was rendered with", () => {
    const cache = createDocumentCache({ maxBytes: 10_000 });
    const key = cache.keyOf(inputs({}, "abc+/="), "abc+/=")!;
    expect(cache.get(key, "x")).toBeUndefined();
    cache.remember(key, Buffer.from('<script nonce="abc+/=">ü</script><link nonce="abc+/="/>{"nonce":"abc+/="}'), "abc+/=");
    expect(cache.get(key, "Zz9/Q==")?.toString()).toBe('<script nonce="Zz9/Q==">ü</script><link nonce="Zz9/Q=="/>{"nonce":"Zz9/Q=="}');
    expect(cache.get(key, "other")?.toString()).toBe('<script nonce="other">ü</script><link nonce="other"/>{"nonce":"other"}');
    expect(cache.counts).toMatchObject({ hits: 2, misses: 1, stored: 1 });
  });

  it("keeps at most maxBytes of documents, the least recently used out first", () => {
    const cache = createDocumentCache({ maxBytes: 25 });
    const page = (letter: string, length: number) => Buffer.from(letter.repeat(length));
    cache.remember("a", page("a", 10), "n");
    cache.remember("b", page("b", 10), "n");
    expect(cache.get("a", "x")?.toString()).toBe("a".repeat(10));
    cache.remember("c", page("c", 10), "n");
    expect(cache.size()).toEqual({ entries: 2, bytes: 20 });
    expect(cache.get("b", "n")).toBeUndefined();
    expect(cache.get("a", "x")?.toString()).toBe("a".repeat(10));
    expect(cache.get("c", "x")?.toString()).toBe("c".repeat(10));
    // Larger than the whole cache: not kept, and nothing else is pushed out for it.
    cache.remember("d", page("d", 26), "n");
    expect(cache.get("d", "n")).toBeUndefined();
    expect(cache.size()).toEqual({ entries: 2, bytes: 20 });
    expect(cache.counts.evicted).toBe(1);
  });

  it("sends a document again gzipped with the response's nonce, compressing it only once", () => {
    const cache = createDocumentCache({ maxBytes: 100_000 });
    const nonce = "Q2FjaGVkTm9uY2UxMjM0NQ==";
    const rows = Array.from({ length: 200 }, (_, row) => `<tr><td>Member ${row}</td><td>$100.00</td></tr>`).join("");
    const document = `<script nonce="${nonce}">1</script><table>${rows}</table><script nonce="${nonce}">{"nonce":"${nonce}"}</script>`;
    cache.remember("page", Buffer.from(document), nonce);
    // Nonces at the very start and end too: pieces that are empty.
    cache.remember("edges", Buffer.from(`${nonce}ü${nonce}`), nonce);

    for (const next of ["TmV4dE5vbmNlQUJDREVGRw==", "T3RoZXJOb25jZSsvKzEyMw=="]) {
      const gzipped = cache.get("page", next, "gzip")!;
      const expected = Buffer.from(document.replaceAll(nonce, next));
      expect(gunzipSync(gzipped).equals(expected)).toBe(true);
      // One gzip member, whole: its header, one deflate stream that ends with its last block, its CRC-32 and length.
      expect([...gzipped.subarray(0, 4)]).toEqual([0x1f, 0x8b, 0x08, 0x00]);
      expect(inflateRawSync(gzipped.subarray(10, -8)).equals(expected)).toBe(true);
      expect(gzipped.readUInt32LE(gzipped.length - 8)).toBe(crc32(expected));
      expect(gzipped.readUInt32LE(gzipped.length - 4)).toBe(expected.length);
      // Compressed: the repeated rows are not sent as they are.
      expect(gzipped.length).toBeLessThan(expected.length / 5);
    }
    expect(gunzipSync(cache.get("edges", "AB", "gzip")!).toString()).toBe("ABüAB");
    expect(cache.get("page", "plain")?.toString()).toBe(document.replaceAll(nonce, "plain"));
    expect(cache.counts).toMatchObject({ hits: 4, stored: 2, deflated: 2 });
  });

  it("counts the compressed copy in its bytes, and makes room for it with the least recently used", () => {
    // Hex digits: they do not compress to nothing, so the copy's bytes count.
    const hex = (seed: string) => createHash("sha256").update(seed).digest("hex");
    const text = (letter: string) => Buffer.from(`${hex(letter)}n${hex(`${letter}2`)}`);
    const cache = createDocumentCache({ maxBytes: 300 });
    cache.remember("a", text("a"), "n");
    cache.remember("b", text("b"), "n");
    expect(cache.size()).toEqual({ entries: 2, bytes: 258 });
    const gzipped = cache.get("b", "N", "gzip")!;
    expect(gunzipSync(gzipped).toString()).toBe(`${hex("b")}N${hex("b2")}`);
    // b's deflated pieces pushed a out; b stays, with both copies counted.
    expect(cache.get("a", "N")).toBeUndefined();
    expect(cache.size().entries).toBe(1);
    expect(cache.size().bytes).toBeGreaterThan(129 + 60);
    expect(cache.size().bytes).toBeLessThanOrEqual(300);
    expect(cache.counts.evicted).toBe(1);
  });
});
