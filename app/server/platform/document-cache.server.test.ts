import { createHash } from "node:crypto";
import { crc32, gunzipSync, gzipSync, inflateRawSync } from "node:zlib";
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
    expect(cache.get(key, "Zz9/Q==")?.body.toString()).toBe('<script nonce="Zz9/Q==">ü</script><link nonce="Zz9/Q=="/>{"nonce":"Zz9/Q=="}');
    expect(cache.get(key, "other")?.body.toString()).toBe('<script nonce="other">ü</script><link nonce="other"/>{"nonce":"other"}');
    expect(cache.counts).toMatchObject({ hits: 2, misses: 1, stored: 1 });
  });

  it("keeps at most maxBytes of documents, the least recently used out first", () => {
    const cache = createDocumentCache({ maxBytes: 25 });
    const page = (letter: string, length: number) => Buffer.from(letter.repeat(length));
    cache.remember("a", page("a", 10), "n");
    cache.remember("b", page("b", 10), "n");
    expect(cache.get("a", "x")?.body.toString()).toBe("a".repeat(10));
    cache.remember("c", page("c", 10), "n");
    expect(cache.size()).toEqual({ entries: 2, bytes: 20 });
    expect(cache.get("b", "n")).toBeUndefined();
    expect(cache.get("a", "x")?.body.toString()).toBe("a".repeat(10));
    expect(cache.get("c", "x")?.body.toString()).toBe("c".repeat(10));
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
    // Parts of the nonce also occur on their own after it: a copy of those bytes must come from the page, never from the
    // nonce's place (another response's nonce is there).
    const document = `<script nonce="${nonce}">1</script><table>${rows}</table><p>${nonce.slice(0, 12)} ${nonce.slice(6)}</p><script nonce="${nonce}">{"nonce":"${nonce}"}</script>`;
    cache.remember("page", Buffer.from(document), nonce);
    // Nonces at the very start and end too: pieces that are empty.
    cache.remember("edges", Buffer.from(`${nonce}ü${nonce}`), nonce);

    for (const next of ["TmV4dE5vbmNlQUJDREVGRw==", "T3RoZXJOb25jZSsvKzEyMw=="]) {
      const { body: gzipped, coding } = cache.get("page", next, "gzip")!;
      expect(coding).toBe("gzip");
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
    // A nonce of another length than the one rendered (never so here: 128 bits, base64) gets the document as it is.
    expect(cache.get("edges", "AB", "gzip")).toEqual({ body: Buffer.from("ABüAB"), coding: "identity" });
    expect(gunzipSync(cache.get("edges", "TmV4dE5vbmNlQUJDREVGRw==", "gzip")!.body).toString()).toBe(
      "TmV4dE5vbmNlQUJDREVGRw==üTmV4dE5vbmNlQUJDREVGRw==",
    );
    expect(cache.get("page", "plain")?.body.toString()).toBe(document.replaceAll(nonce, "plain"));
    // What follows a nonce is compressed with the page before it as its dictionary: a part repeated after a nonce costs
    // next to nothing the second time.
    const hex = Array.from({ length: 100 }, (_, row) => createHash("sha256").update(String(row)).digest("hex")).join("");
    cache.remember("repeated", Buffer.from(`${hex}${nonce}${hex}`), nonce);
    const once = gzipSync(Buffer.from(hex)).length;
    expect(cache.get("repeated", nonce, "gzip")!.body.length).toBeLessThan(once * 1.1);
    expect(cache.counts).toMatchObject({ hits: 6, stored: 3, deflated: 3 });
  });

  it("counts the compressed copy in its bytes, and makes room for it with the least recently used", () => {
    // Hex digits: they do not compress to nothing, so the copy's bytes count.
    const hex = (seed: string) => createHash("sha256").update(seed).digest("hex");
    const text = (letter: string) => Buffer.from(`${hex(letter)}n${hex(`${letter}2`)}`);
    const cache = createDocumentCache({ maxBytes: 300 });
    cache.remember("a", text("a"), "n");
    cache.remember("b", text("b"), "n");
    expect(cache.size()).toEqual({ entries: 2, bytes: 258 });
    const gzipped = cache.get("b", "N", "gzip")!.body;
    expect(gunzipSync(gzipped).toString()).toBe(`${hex("b")}N${hex("b2")}`);
    // b's deflated pieces pushed a out; b stays, with both copies counted.
    expect(cache.get("a", "N")).toBeUndefined();
    expect(cache.size().entries).toBe(1);
    expect(cache.size().bytes).toBeGreaterThan(129 + 60);
    expect(cache.size().bytes).toBeLessThanOrEqual(300);
    expect(cache.counts.evicted).toBe(1);
  });

  it("sends a document with a NUL byte in it gzipped right too, each piece compressed on its own", () => {
    const cache = createDocumentCache({ maxBytes: 100_000 });
    const nonce = "Q2FjaGVkTm9uY2UxMjM0NQ==";
    // With NULs in the page, a filler of NULs in a nonce's place could be matched: so no dictionary.
    const document = `<p>${"<td>row</td>".repeat(50)}</p><script nonce="${nonce}"></script><p>${"\u0000".repeat(20)}</p>`;
    cache.remember("nul", Buffer.from(document), nonce);
    const next = "TmV4dE5vbmNlQUJDREVGRw==";
    expect(gunzipSync(cache.get("nul", next, "gzip")!.body).toString()).toBe(document.replace(nonce, next));
  });
});
