/**
 * The one place request bodies are read (docs/decisions/015-request-bodies.md). Every action reads its body through
 * readForm, readJson or readText, first thing, before its guards: an unreadable body is refused the same way for
 * every visitor, before anything is looked up or written.
 *
 * Unreadable means: over the size limit (413), a content type the route does not take (415), bytes that are not
 * UTF-8, a truncated or malformed multipart body, a bad percent-escape, a file part, invalid JSON, or a field (or
 * JSON key) sent twice where the route expects it once (400). The refusal is thrown as a Response: a page route's
 * error boundary renders it as the site's error page with BODY_ERROR_MESSAGES' text; a JSON client (the /api and
 * /webhooks URLs, or Accept: application/json) gets {"error": "…"}. Never a 500.
 */

import { BODY_ERROR_MESSAGES, type BodyErrorStatus } from "~/domain/request-body";

/** Forms are small: the biggest (group creation with 11 invitee addresses) is under 2 KB. */
export const MAX_FORM_BYTES = 64 * 1024;
export const MAX_JSON_BYTES = 32 * 1024;

const STATUS_TEXT: Record<BodyErrorStatus, string> = { 400: "Bad Request", 413: "Payload Too Large", 415: "Unsupported Media Type" };

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** The media type without parameters, lower-cased; null when there is none. */
export function mediaType(request: Request): string | null {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  return type ? type : null;
}

function isJsonType(type: string | null) {
  return type === "application/json" || (type !== null && /^application\/[a-z0-9.+-]+\+json$/.test(type));
}

/** Whether the caller reads JSON: the API and webhook URLs always do, fetch() callers say so with Accept. */
function wantsJson(request: Request) {
  const path = new URL(request.url).pathname;
  if (path.startsWith("/api/") || path.startsWith("/webhooks/")) return true;
  const accept = request.headers.get("accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

/** The refusal, as a Response to throw. `detail` is for JSON clients (the page shows BODY_ERROR_MESSAGES). */
export function bodyError(request: Request, status: BodyErrorStatus, detail: string): Response {
  const headers = { "Cache-Control": "no-store" };
  if (wantsJson(request)) return Response.json({ error: detail }, { status, statusText: STATUS_TEXT[status], headers });
  return new Response(BODY_ERROR_MESSAGES[status], {
    status,
    statusText: STATUS_TEXT[status],
    headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * How much of a refused body is still read and thrown away before the connection is cut. Closing a socket with unread
 * bytes in it makes the kernel answer with a reset, and a browser still sending its form then shows "connection
 * reset" instead of the 413 page. Reading the rest (up to this much) lets the refusal arrive; past it, the client is
 * cut off.
 */
const DRAIN_LIMIT_BYTES = 1024 * 1024;

/**
 * Stop using a body we refuse: read and drop up to DRAIN_LIMIT_BYTES more in the background, then cancel. Not awaited
 * (the refusal goes out meanwhile): the cancel of a cloned request's branch settles only once the other branch is
 * cancelled too, which may be never.
 */
function discard(request: Request, reader?: ReadableStreamDefaultReader<Uint8Array>) {
  if (!reader) {
    if (!request.body || request.bodyUsed) return;
    reader = request.body.getReader();
  }
  const drain = async (reading: ReadableStreamDefaultReader<Uint8Array>) => {
    let drained = 0;
    while (drained <= DRAIN_LIMIT_BYTES) {
      const chunk = await reading.read();
      if (chunk.done) return;
      drained += chunk.value.byteLength;
    }
    await reading.cancel();
  };
  void drain(reader).catch(() => {});
}

/** A body refused unread (a request that failed authentication): drained in the background, as for any refusal. */
export function discardBody(request: Request) {
  discard(request);
}

/** The whole body as bytes, reading no more than maxBytes (413 beyond), whatever Content-Length claims. */
async function readBytes(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    discard(request);
    throw bodyError(request, 413, `Request body must be ${maxBytes / 1024} KB or smaller`);
  }
  if (!request.body) return Buffer.alloc(0);
  if (request.bodyUsed) throw new Error("readBytes: the request body was already read (read it once, through this module)");
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The client went away mid-body.
      throw bodyError(request, 400, "Request body could not be read");
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      discard(request, reader);
      throw bodyError(request, 413, `Request body must be ${maxBytes / 1024} KB or smaller`);
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks);
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * application/x-www-form-urlencoded, strictly: like URLSearchParams, except that a "%" not followed by two hex
 * digits, or escapes that do not decode to UTF-8, make the body unreadable instead of turning into "%" or U+FFFD.
 */
export function parseUrlEncoded(text: string): Array<[string, string]> | null {
  const decode = (part: string): string | null => {
    const plus = part.replaceAll("+", " ");
    if (!plus.includes("%")) return plus;
    const bytes: number[] = [];
    const encoder = new TextEncoder();
    for (let i = 0; i < plus.length; ) {
      if (plus[i] === "%") {
        const hex = plus.slice(i + 1, i + 3);
        if (!/^[0-9a-fA-F]{2}$/.test(hex)) return null;
        bytes.push(Number.parseInt(hex, 16));
        i += 3;
      } else {
        const next = plus.indexOf("%", i);
        const end = next === -1 ? plus.length : next;
        bytes.push(...encoder.encode(plus.slice(i, end)));
        i = end;
      }
    }
    return decodeUtf8(Uint8Array.from(bytes));
  };
  const entries: Array<[string, string]> = [];
  for (const sequence of text.split("&")) {
    if (sequence === "") continue;
    const at = sequence.indexOf("=");
    const name = decode(at === -1 ? sequence : sequence.slice(0, at));
    const value = decode(at === -1 ? "" : sequence.slice(at + 1));
    if (name === null || value === null) return null;
    entries.push([name, value]);
  }
  return entries;
}

export type ReadFormOptions = {
  /** Field names the form legitimately repeats (checkbox groups, lists); any other name may appear once. */
  lists?: readonly string[];
  maxBytes?: number;
};

/**
 * The posted form, or a thrown 400/413/415 (see the top of this file). A bodiless POST (a fetch() with no body) is
 * an empty form. Read it once: the body is consumed (pass `request.clone()` when something else reads it too).
 */
export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  const type = mediaType(request);
  const bytes = await readBytes(request, options.maxBytes ?? MAX_FORM_BYTES);
  if (type === null && bytes.byteLength === 0) return new FormData();
  if (type === null || !FORM_TYPES.has(type)) {
    throw bodyError(request, 415, "Content-Type must be application/x-www-form-urlencoded or multipart/form-data");
  }
  const text = decodeUtf8(bytes);
  if (text === null) throw bodyError(request, 400, "Request body must be UTF-8");

  const form = new FormData();
  if (type === "application/x-www-form-urlencoded") {
    const entries = parseUrlEncoded(text);
    if (!entries) throw bodyError(request, 400, "Request body has an invalid percent-encoding");
    for (const [name, value] of entries) form.append(name, value);
  } else {
    let parsed: FormData;
    try {
      // undici's multipart parser, on bytes already read and bounded; a truncated or malformed body throws.
      parsed = await new Response(new Uint8Array(bytes), { headers: { "Content-Type": request.headers.get("content-type")! } }).formData();
    } catch {
      throw bodyError(request, 400, "Request body is not a complete multipart/form-data body");
    }
    for (const [name, value] of parsed) {
      if (typeof value !== "string") throw bodyError(request, 400, `Field ${JSON.stringify(name)} is a file; this form takes no files`);
      form.append(name, value);
    }
  }

  const lists = new Set(options.lists ?? []);
  const seen = new Set<string>();
  for (const name of form.keys()) {
    if (lists.has(name)) continue;
    if (seen.has(name)) throw bodyError(request, 400, `Field ${JSON.stringify(name)} was sent more than once`);
    seen.add(name);
  }
  return form;
}

/**
 * The first key that appears twice in one object of a syntactically valid JSON text, or null. JSON.parse would
 * silently keep the last one (RFC 8259 leaves duplicates undefined), so a body could say two things at once.
 */
export function duplicateJsonKey(text: string): string | null {
  const stack: Array<{ keys: Set<string> | null; expectKey: boolean }> = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    const top = stack.at(-1);
    if (char === "{") stack.push({ keys: new Set(), expectKey: true });
    else if (char === "[") stack.push({ keys: null, expectKey: false });
    else if (char === "}" || char === "]") stack.pop();
    else if (char === "," && top?.keys) top.expectKey = true;
    else if (char === '"') {
      const start = i;
      for (i += 1; text[i] !== '"'; i++) if (text[i] === "\\") i += 1;
      if (top?.keys && top.expectKey) {
        const key = JSON.parse(text.slice(start, i + 1)) as string;
        if (top.keys.has(key)) return key;
        top.keys.add(key);
        top.expectKey = false;
      }
    }
  }
  return null;
}

/** The posted JSON document (application/json or a +json type), or a thrown 400/413/415 as JSON. */
export async function readJson(request: Request, options: { maxBytes?: number } = {}): Promise<unknown> {
  const type = mediaType(request);
  if (!isJsonType(type)) {
    discard(request);
    throw bodyError(request, 415, "Content-Type must be application/json");
  }
  const text = decodeUtf8(await readBytes(request, options.maxBytes ?? MAX_JSON_BYTES));
  if (text === null) throw bodyError(request, 400, "Request body must be UTF-8");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw bodyError(request, 400, "Request body must be valid JSON");
  }
  const duplicate = duplicateJsonKey(text);
  if (duplicate !== null) throw bodyError(request, 400, `Key ${JSON.stringify(duplicate)} appears more than once in one object`);
  return value;
}

/** The raw body as text, for a route that must see the exact bytes (a signed webhook), with the same limits. */
export async function readText(request: Request, options: { maxBytes: number; types: readonly string[] }): Promise<string> {
  const type = mediaType(request);
  if (type === null || !options.types.includes(type)) {
    discard(request);
    throw bodyError(request, 415, `Content-Type must be ${options.types.join(" or ")}`);
  }
  const text = decodeUtf8(await readBytes(request, options.maxBytes));
  if (text === null) throw bodyError(request, 400, "Request body must be UTF-8");
  return text;
}
