/**
 * The layers of docs/architecture.md, checked over the real import graph (scripts/lib/import-graph.ts): which folder
 * may import which, no import circle anywhere (type-only imports count), and nothing loose at app/server's root.
 * Tests and scripts may import anything; the rules are for the code that ships.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type ImportEdge, importCycles, importGraph } from "../scripts/lib/import-graph";

const root = path.resolve(import.meta.dirname, "..");

type Rule = {
  layer: string;
  files: RegExp;
  /** What its files may import, besides packages and their own layer's files. */
  may: RegExp[];
  /** What they may name the types of (`import type`) without importing any of its code. */
  mayTypesOf?: RegExp[];
  /** Its files may not import each other (one route module per URL). */
  apart?: boolean;
};

const DOMAIN = /^app\/domain\//;
const COMPONENTS = /^app\/components\//;
const CONTENT = /^app\/content\//;
const SERVER = /^app\/server\//;
const PLATFORM = /^app\/server\/platform\//;
const ROUTE_TYPES = /^(\.react-router\/types\/|app\/root\.tsx$)/;

/** The layers, first match wins (docs/architecture.md's table). */
const RULES: Rule[] = [
  { layer: "domain", files: DOMAIN, may: [] },
  { layer: "components", files: COMPONENTS, may: [DOMAIN], mayTypesOf: [SERVER] },
  { layer: "content", files: CONTENT, may: [DOMAIN, COMPONENTS] },
  { layer: "server", files: SERVER, may: [DOMAIN] },
  // The dev mailbox's pages are the mail double's own viewer (ADR 016); they answer 404 in production.
  {
    layer: "mailbox routes",
    files: /^app\/routes\/dev\.mailbox/,
    may: [COMPONENTS, CONTENT, DOMAIN, SERVER, /^sandbox\/postmark\//],
    mayTypesOf: [ROUTE_TYPES],
    apart: true,
  },
  { layer: "routes", files: /^app\/routes\//, may: [COMPONENTS, CONTENT, DOMAIN, SERVER], mayTypesOf: [ROUTE_TYPES], apart: true },
  { layer: "app entry points", files: /^app\/[^/]+$/, may: [/^app\//], mayTypesOf: [ROUTE_TYPES] },
  { layer: "host", files: /^host\//, may: [PLATFORM] },
  // The ACH calendar (app/domain/bank-days.ts and the day arithmetic it stands on) dates the sandbox bank's
  // expected_funds_available_date as the app's estimate does: one calendar (ADR 049).
  {
    layer: "sandbox",
    files: /^sandbox\//,
    may: [/^app\/server\/db\/end-pool\.server\.ts$/, /^app\/server\/email\/templates\.ts$/, /^app\/domain\/(bank-days|schedule)\.ts$/],
  },
];

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function layerOf(file: string): Rule | undefined {
  return RULES.find((rule) => rule.files.test(file));
}

/** Each import that its layer's rule does not allow, as "from -> to". */
function violations(edges: readonly ImportEdge[]): string[] {
  const wrong: string[] = [];
  for (const edge of edges) {
    if (isTest(edge.from)) continue;
    const rule = layerOf(edge.from);
    if (!rule || (rule.files.test(edge.to) && !rule.apart)) continue;
    const allowed = rule.may.some((re) => re.test(edge.to)) || (edge.typeOnly && (rule.mayTypesOf ?? []).some((re) => re.test(edge.to)));
    if (!allowed) wrong.push(`${rule.layer}: ${edge.from} -> ${edge.to}${edge.typeOnly ? " (type)" : ""}`);
  }
  return wrong;
}

describe("the import graph", () => {
  const graph = importGraph(root);

  it("is read from the whole project", () => {
    // A broken reader (no files, no imports) would pass every rule below.
    expect(graph.files.length).toBeGreaterThan(300);
    expect(graph.edges).toContainEqual({ from: "app/server/money/cycle.server.ts", to: "app/server/money/locks.server.ts", typeOnly: false });
    expect(graph.edges).toContainEqual({ from: "sandbox/plaid/bulk.ts", to: "sandbox/plaid/context.ts", typeOnly: true });
    expect(graph.edges.some((e) => e.from === "app/routes/login.tsx" && e.to.startsWith("app/server/"))).toBe(true);
  });

  it("has no circles, type-only imports included", () => {
    expect(importCycles(graph.edges)).toEqual([]);
  });

  it("only runs the way docs/architecture.md says", () => {
    expect(violations(graph.edges)).toEqual([]);
  });

  it("has every shipped file of app/, host/ and sandbox/ in a layer", () => {
    const unplaced = graph.files.filter((f) => /^(app|host|sandbox)\//.test(f) && !isTest(f) && !layerOf(f));
    expect(unplaced).toEqual([]);
  });

  it("keeps nothing loose at app/server's root: every module is in the folder of its concern", () => {
    const loose = fs
      .readdirSync(path.join(root, "app/server"), { withFileTypes: true })
      .filter((entry) => !entry.isDirectory() && entry.name !== "index.ts");
    expect(loose.map((entry) => entry.name)).toEqual([]);
  });
});

describe("the checks themselves", () => {
  it("find a circle of three files, a file importing itself, and nothing in a chain", () => {
    const edge = (from: string, to: string, typeOnly = false) => ({ from, to, typeOnly });
    expect(importCycles([edge("a", "b"), edge("b", "c", true), edge("c", "a"), edge("d", "d"), edge("e", "f"), edge("f", "g")])).toEqual([
      ["a", "b", "c"],
      ["d"],
    ]);
  });

  it("refuse an arrow back up, and a component's value import of server code, but not its type import", () => {
    expect(
      violations([
        { from: "app/domain/money.ts", to: "app/server/db/schema/money.ts", typeOnly: true },
        { from: "app/components/x.tsx", to: "app/content/faq.ts", typeOnly: false },
        { from: "app/components/x.tsx", to: "app/server/groups/group-views.server.ts", typeOnly: false },
        { from: "app/components/x.tsx", to: "app/server/groups/group-views.server.ts", typeOnly: true },
        { from: "app/routes/login.tsx", to: "sandbox/postmark/store.ts", typeOnly: false },
        { from: "host/app.ts", to: "app/routes/login.tsx", typeOnly: false },
        { from: "app/routes/register.tsx", to: "app/routes/login.tsx", typeOnly: false },
        { from: "app/server/money/plan.server.ts", to: "app/domain/money.ts", typeOnly: false },
      ]),
    ).toEqual([
      "domain: app/domain/money.ts -> app/server/db/schema/money.ts (type)",
      "components: app/components/x.tsx -> app/content/faq.ts",
      "components: app/components/x.tsx -> app/server/groups/group-views.server.ts",
      "routes: app/routes/login.tsx -> sandbox/postmark/store.ts",
      "host: host/app.ts -> app/routes/login.tsx",
      "routes: app/routes/register.tsx -> app/routes/login.tsx",
    ]);
  });
});

/**
 * A document is rendered from its loader data, its URL and the build, and nothing else: the document cache keys it by
 * exactly those (app/server/platform/document-cache.server.ts; ADR 059 part nine (t)). A component that read the clock
 * or chance while rendering would be kept as it first rendered. The components that read them, and why it is safe:
 */
const CLOCK_READERS: Record<string, string> = {
  // The footer's year: the document cache's key carries the server's year.
  "app/components/site-footer.tsx": "new Date()",
  // In effects and timers only, in the browser: the idle warning.
  "app/components/session-timer.tsx": "Date.now(), performance.now()",
  // showToast, called from client code only; a toast the server sends comes with its id in the root's data.
  "app/components/toaster.tsx": "crypto.randomUUID()",
};

describe("what a document renders from", () => {
  it("no component reads the clock or chance, but the ones named here", () => {
    const readers = fs
      .globSync("app/components/**/*.{ts,tsx}", { cwd: root })
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .filter((file) =>
        /\bDate\.now\(|new Date\(\)|Math\.random\(|performance\.now\(|randomUUID\(/.test(fs.readFileSync(path.join(root, file), "utf8")),
      )
      .sort();
    expect(readers).toEqual(Object.keys(CLOCK_READERS).sort());
  });
});
