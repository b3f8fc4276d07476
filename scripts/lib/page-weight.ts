/**
 * The JavaScript a page makes the browser download up front (issue 15): every module the server-rendered HTML names,
 * as `<link rel="modulepreload">` or as an import in a `<script type="module">`, each counted once at the gzipped size
 * the server sends (the build's pre-compressed `.gz` file, scripts/precompress.ts). Pure functions over the HTML and a
 * byte-size lookup, so the rules are unit-tested apart from the build (scripts/size.ts renders the pages).
 */

/** The same-origin `….js` URLs a page's HTML loads as modules, each once: its modulepreloads, then its module scripts'. */
export function moduleUrls(html: string): string[] {
  const urls: string[] = [];
  const add = (url: string) => {
    if (url.startsWith("/") && !url.startsWith("//") && url.endsWith(".js") && !urls.includes(url)) urls.push(url);
  };
  for (const tag of html.matchAll(/<link\b[^>]*>/gi)) {
    const attributes = tag[0];
    if (!/\brel=["']?modulepreload\b/i.test(attributes)) continue;
    const href = /\bhref=["']([^"']+)["']/i.exec(attributes)?.[1];
    if (href) add(href);
  }
  for (const script of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", body = ""] = script;
    if (!/\btype=["']?module\b/i.test(attributes)) continue;
    const src = /\bsrc=["']([^"']+)["']/i.exec(attributes)?.[1];
    if (src) add(src);
    // Static and dynamic imports in the inline bootstrap: import "…", import x from "…", import("…").
    for (const specifier of body.matchAll(/\bimport\s*(?:[\w*{}\s,]+\s*from\s*)?\(?\s*["']([^"']+)["']/g)) add(specifier[1]!);
  }
  return urls;
}

export type PageWeight = { path: string; files: Array<{ url: string; bytes: number }>; bytes: number };

export function pageWeight(pagePath: string, html: string, gzippedBytes: (url: string) => number): PageWeight {
  const files = moduleUrls(html).map((url) => ({ url, bytes: gzippedBytes(url) }));
  return { path: pagePath, files, bytes: files.reduce((sum, file) => sum + file.bytes, 0) };
}

/**
 * Budgets in bytes. Issue 15 states them in KB; they are read as KiB (1,024 bytes, Lighthouse's unit), and every
 * figure is printed in KiB so the unit is never in doubt.
 */
export type Budgets = {
  /** The landing page's total. */
  landing: number;
  /** How much more than the landing each listed page may load. */
  beyondLanding: Record<string, number>;
};

export const KIB = 1024;

/**
 * Issue 15: the landing page ≤ 112 KB gzipped; /login and /register ≤ 10 KB beyond the landing's, raised to 11 KB by
 * issue 46 (ADR 056): the landing's own code shrank by 1.7 KiB when its words moved into the message catalogue (page
 * data, not code), and an allowance measured from the landing counts that against the account pages, whose own code
 * shrank too (13.7 → 13.3 KiB); what grew on every page alike is the message library's runtime (2.2 KiB).
 */
export const BUDGETS: Budgets = { landing: 112 * KIB, beyondLanding: { "/login": 11 * KIB, "/register": 11 * KIB } };

/** One line per broken budget, empty when all hold. `weights` must include "/" and every page in `beyondLanding`. */
export function overBudget(weights: PageWeight[], budgets: Budgets = BUDGETS): string[] {
  const byPath = new Map(weights.map((weight) => [weight.path, weight]));
  const landing = byPath.get("/");
  if (!landing) return ["/ was not measured"];
  const problems: string[] = [];
  if (landing.bytes > budgets.landing) problems.push(`/ loads ${kib(landing.bytes)} of JavaScript; the budget is ${kib(budgets.landing)}`);
  for (const [pagePath, allowance] of Object.entries(budgets.beyondLanding)) {
    const page = byPath.get(pagePath);
    if (!page) {
      problems.push(`${pagePath} was not measured`);
      continue;
    }
    const extra = page.bytes - landing.bytes;
    if (extra > allowance) problems.push(`${pagePath} loads ${kib(extra)} more than / (${kib(page.bytes)}); the budget is ${kib(allowance)} more`);
  }
  return problems;
}

export function kib(bytes: number) {
  return `${(bytes / KIB).toFixed(1)} KiB`;
}
