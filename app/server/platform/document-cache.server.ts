/**
 * Signed-in documents remembered by everything they are rendered from (ADR 059, part nine (t)).
 *
 * A document is React's render of its routes' loader data, the URL and the build: the components read nothing else
 * (no clock, no randomness; tests/document-inputs.test.ts keeps it so, and the footer's year goes into the key). So the
 * same inputs give the same HTML, and a render whose inputs were seen before can be answered with the HTML they gave.
 * The key is a SHA-256 of all of them, serialised with V8's structured clone (which tells `undefined` from a missing
 * field, keeps Dates, Maps and Sets, and refuses what a render could not be keyed by: a promise of deferred data, a
 * function). Nothing is invalidated because nothing can go stale: any write a page shows changes its loader data, so
 * the next request has another key. One member's document reaches another only if all their data is identical, the
 * signed-in user's id, name and notifications included: then it is the document the other would have got.
 *
 * The one per-response part of a document is its CSP nonce (in the scripts' attributes and in the root's data): it is
 * stored as the bytes around its nonces, and each response gets its own joined in, as the public page cache does
 * (host/page-cache.ts). Everything else per response travels in headers (the
 * session's remaining time is a `Server-Timing` entry, root.tsx).
 *
 * A document sent again is sent gzipped without compressing it again (`get(…, "gzip")`): the bytes around its nonces are
 * compressed once, the first time it is sent again, each as a deflate stream of its own ended with a full flush, so none
 * refers back to bytes before it (RFC 1951, 3.2.3: the flush ends on a byte boundary); each response's nonce goes
 * between them as a stored block, and the gzip member's header and trailer (RFC 1952, 2.3: CRC-32 and length of the
 * whole document) are written per response. One gzip member, as a compressor writes it: nothing a browser decodes
 * differently. Compressing a 75 KB page per response was the largest cost of a hit after the loaders (ADR 059, part ten).
 *
 * Only signed-in documents: anonymous pages are shared by host/page-cache.ts, and `/?rendered` (the bench's reference)
 * stays a render per request. Only GET answers of 200 without errors or action data. Bounded by characters, least
 * recently used out first (DOCUMENT_CACHE_MB, default 16; 0 turns it off). It is off outside a production build (a saved
 * component must show at once in development).
 */
import { createHash } from "node:crypto";
import { serialize } from "node:v8";
import { constants as zlibConstants, crc32, deflateRawSync } from "node:zlib";

export type DocumentInputs = {
  url: string;
  /** How React was asked to finish (all at once for bots, streamed for browsers): part of the key, to be exact. */
  ready: string;
  /** The server's year, which the footer shows. */
  year: number;
  /** Every matched route's loader data, by route id. */
  loaderData: Record<string, unknown>;
};

export type DocumentCache = ReturnType<typeof createDocumentCache>;

/** How a remembered document is sent: as it is, or gzipped. */
export type Coding = "identity" | "gzip";

export function createDocumentCache({ maxBytes }: { maxBytes: number }) {
  /**
   * A document as the bytes around its nonces: sent as the pieces joined by the response's nonce; `deflated`, each piece
   * as raw deflate ended by a full flush, once it has been asked for gzipped.
   */
  type Entry = { pieces: Buffer[]; nonceLength: number; nul: boolean; deflated?: Buffer[]; bytes: number };
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const counts = { hits: 0, misses: 0, unkeyed: 0, stored: 0, deflated: 0, evicted: 0 };

  /**
   * The key of a render, or null for one that cannot be keyed (deferred data). `nonce` is this response's: the root's
   * copy of it is left out of the key.
   */
  function keyOf(inputs: DocumentInputs, nonce: string): string | null {
    const root = inputs.loaderData.root as Record<string, unknown> | undefined;
    const loaderData = root && root.nonce === nonce ? { ...inputs.loaderData, root: { ...root, nonce: "" } } : inputs.loaderData;
    let serialized: Buffer;
    try {
      serialized = serialize([inputs.url, inputs.ready, inputs.year, loaderData]);
    } catch {
      counts.unkeyed++;
      return null;
    }
    return createHash("sha256").update(serialized).digest("base64");
  }

  /**
   * The remembered document for `key`, with `nonce` in it, as one gzip member when `gzip` is asked for (and `nonce` is
   * as long as the one it was rendered with, as every nonce is), else as it is; undefined when there is none.
   */
  function get(key: string, nonce: string, asked: Coding = "identity"): { body: Buffer; coding: Coding } | undefined {
    const entry = entries.get(key);
    if (entry === undefined) {
      counts.misses++;
      return undefined;
    }
    counts.hits++;
    // Most recently used last: Map keeps insertion order, so the first key is the one to drop.
    entries.delete(key);
    entries.set(key, entry);
    const nonceBytes = Buffer.from(nonce);
    if (asked === "identity" || nonceBytes.length !== entry.nonceLength) {
      return { body: Buffer.concat(joined(entry.pieces, nonceBytes)), coding: "identity" };
    }
    if (entry.deflated === undefined) {
      entry.deflated = deflatedPieces(entry);
      const added = entry.deflated.reduce((sum, piece) => sum + piece.length, 0);
      entry.bytes += added;
      bytes += added;
      counts.deflated++;
      evictBeyond(maxBytes, key);
    }
    let crc = 0;
    let length = 0;
    entry.pieces.forEach((piece, index) => {
      if (index > 0) {
        crc = crc32(nonceBytes, crc);
        length += nonceBytes.length;
      }
      crc = crc32(piece, crc);
      length += piece.length;
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(length >>> 0, 4);
    return { body: Buffer.concat([GZIP_HEADER, ...joined(entry.deflated, storedBlock(nonceBytes)), LAST_EMPTY_BLOCK, trailer]), coding: "gzip" };
  }

  /**
   * Remember the document rendered for `key` with `nonce` (its UTF-8 bytes). Its nonce is 128 random bits, base64: it
   * cannot occur in the page by accident, so every occurrence is the response's own.
   */
  function remember(key: string, html: Buffer, nonce: string) {
    if (html.length > maxBytes) return;
    const pieces: Buffer[] = [];
    let from = 0;
    for (let at = html.indexOf(nonce, 0, "utf8"); at >= 0; at = html.indexOf(nonce, from, "utf8")) {
      pieces.push(Buffer.from(html.subarray(from, at)));
      from = at + Buffer.byteLength(nonce);
    }
    pieces.push(Buffer.from(html.subarray(from)));
    const previous = entries.get(key);
    if (previous !== undefined) {
      bytes -= previous.bytes;
      entries.delete(key);
    }
    entries.set(key, { pieces, nonceLength: Buffer.byteLength(nonce), nul: html.includes(0), bytes: html.length });
    bytes += html.length;
    counts.stored++;
    evictBeyond(maxBytes);
  }

  /** Drop the least recently used documents (never `keep`) until at most `limit` bytes are kept. */
  function evictBeyond(limit: number, keep?: string) {
    for (const [oldest, entry] of entries) {
      if (bytes <= limit) break;
      if (oldest === keep) continue;
      entries.delete(oldest);
      bytes -= entry.bytes;
      counts.evicted++;
    }
  }

  return { keyOf, get, remember, counts, size: () => ({ entries: entries.size, bytes }) };
}

/**
 * Each piece of a document as raw deflate ended by a full flush (so it ends on a byte boundary and the next can follow
 * it in the same stream). A piece may refer back to the bytes before it (up to deflate's 32 KiB window): it is
 * compressed with them as its dictionary, where each nonce's place is filled with NUL bytes. No match can reach into a
 * place a nonce takes, because HTML has no NUL to match it with, so every back-reference is to bytes that are the same
 * in every response, and a response's nonce (of the same length) may take that place. A document that does contain a
 * NUL is compressed piece by piece, without what came before (larger, still right).
 */
function deflatedPieces({ pieces, nonceLength, nul }: { pieces: readonly Buffer[]; nonceLength: number; nul: boolean }): Buffer[] {
  const filler = Buffer.alloc(nonceLength);
  let window = Buffer.alloc(0);
  return pieces.map((piece, index) => {
    const deflated = deflateRawSync(piece, {
      finishFlush: zlibConstants.Z_FULL_FLUSH,
      level: 9,
      memLevel: 9,
      ...(index > 0 && !nul ? { dictionary: window } : {}),
    });
    if (!nul) window = Buffer.concat([window, piece, filler]).subarray(-DEFLATE_WINDOW);
    return deflated;
  });
}

/** How far back deflate refers (RFC 1951, 2: distances up to 32,768 bytes). */
const DEFLATE_WINDOW = 32 * 1024;

/** `parts` with `between` between each two. */
function joined(parts: readonly Buffer[], between: Buffer): Buffer[] {
  const out: Buffer[] = [];
  parts.forEach((part, index) => {
    if (index > 0) out.push(between);
    out.push(part);
  });
  return out;
}

/** A gzip member's header (RFC 1952, 2.3): deflate, no name, no time, an unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last deflate block, empty (fixed Huffman codes, its end-of-block code): what a compressor's finish writes. */
const LAST_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/** `data` (under 64 KiB) as a stored deflate block that is not the last (RFC 1951, 3.2.4), starting on a byte boundary. */
function storedBlock(data: Buffer): Buffer {
  const block = Buffer.alloc(5 + data.length);
  block[0] = 0; // BFINAL 0, BTYPE 00, then padding to the byte's end
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

let shared: DocumentCache | null | undefined;

/** This process's cache, or null when it is off (DOCUMENT_CACHE_MB=0, or not a production build). */
export function documentCache(): DocumentCache | null {
  if (shared === undefined) {
    const megabytes = Number(process.env.DOCUMENT_CACHE_MB ?? 16);
    const on = process.env.NODE_ENV === "production" && Number.isFinite(megabytes) && megabytes > 0;
    shared = on ? createDocumentCache({ maxBytes: Math.floor(megabytes * 1024 * 1024) }) : null;
  }
  return shared;
}
