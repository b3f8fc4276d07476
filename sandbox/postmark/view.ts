/**
 * Helpers for showing a captured message: the links it contains (so the mailbox can list them as plain links and
 * tests can follow a confirmation or reset link without parsing HTML) and a safe preview document for the HTML body.
 */

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", "#39": "'" };

/** Undo the HTML escaping of an attribute value (&amp; in a query string is the usual case). */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10));
    return NAMED_ENTITIES[lower] ?? whole;
  });
}

function httpUrl(candidate: string): string | null {
  try {
    const url = new URL(candidate.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * http(s) links in the HTML body (<a href>) and the text body (bare URLs), de-duplicated, in order of appearance
 * (HTML first). Other schemes (javascript:, data:, mailto:) are left out: these are rendered as clickable links.
 */
export function extractLinks(message: { htmlBody?: string | null; textBody?: string | null }): string[] {
  const found: string[] = [];
  const add = (raw: string) => {
    const url = httpUrl(raw);
    if (url && !found.includes(url)) found.push(url);
  };
  for (const match of (message.htmlBody ?? "").matchAll(/<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    add(decodeEntities(match[1] ?? match[2] ?? match[3] ?? ""));
  }
  for (const match of (message.textBody ?? "").matchAll(/https?:\/\/[^\s<>"']+/gi)) {
    // A URL at the end of a sentence should not take the full stop with it.
    add(match[0].replace(/[.,;:!?)\]]+$/, ""));
  }
  return found;
}

/**
 * The HTML body as a document for <iframe sandbox srcdoc>: links open in the top window (the iframe's sandbox
 * allows top navigation on a user's click), never inside the small frame. The sandbox without allow-scripts,
 * allow-forms and allow-same-origin keeps whatever the message contains from running or reaching the app.
 */
export function previewDocument(htmlBody: string): string {
  const base = '<base target="_top">';
  const head = /<head\b[^>]*>/i.exec(htmlBody);
  if (head) return htmlBody.slice(0, head.index + head[0].length) + base + htmlBody.slice(head.index + head[0].length);
  return `<!DOCTYPE html><html><head><meta charset="utf-8">${base}</head><body>${htmlBody}</body></html>`;
}
