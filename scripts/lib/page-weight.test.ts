import { describe, expect, it } from "vitest";
import { BUDGETS, KIB, moduleUrls, overBudget, pageWeight } from "./page-weight";

const HTML = `<!DOCTYPE html><html><head>
<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n"/>
<link rel="modulepreload" href="/assets/framework-B.js"/>
<link rel="stylesheet" href="/assets/root-C.css"/>
<link rel="preload" href="/assets/font.woff2" as="font"/>
<link rel="modulepreload" href="https://cdn.example/x.js"/>
</head><body>
<script nonce="n">window.__x = 1; import("/assets/not-a-module-script.js")</script>
<script nonce="n" type="module" async="">import "/assets/entry.client-A.js";
import * as route0 from "/assets/root-D.js";
import * as route1 from "/assets/home-E.js";
window.__reactRouterRouteModules = {"root":route0};
import("/assets/entry.client-A.js");</script>
<script type="module" src="/assets/extra-F.js"></script>
</body></html>`;

describe("the JavaScript a page loads up front", () => {
  it("is every same-origin module the HTML preloads, then those its module scripts load, once each", () => {
    expect(moduleUrls(HTML)).toEqual([
      "/assets/entry.client-A.js",
      "/assets/framework-B.js",
      "/assets/root-D.js",
      "/assets/home-E.js",
      "/assets/extra-F.js",
    ]);
  });

  it("weighs each file once with the sizes given", () => {
    const sizes: Record<string, number> = {
      "/assets/entry.client-A.js": 1000,
      "/assets/framework-B.js": 2000,
      "/assets/extra-F.js": 30,
      "/assets/root-D.js": 400,
      "/assets/home-E.js": 500,
    };
    expect(pageWeight("/", HTML, (url) => sizes[url]!)).toMatchObject({ path: "/", bytes: 3930 });
  });

  it("names each broken budget: the landing's total, and each page's excess over the landing", () => {
    const page = (path: string, bytes: number) => ({ path, files: [], bytes });
    expect(overBudget([page("/", BUDGETS.landing), page("/login", BUDGETS.landing + 11 * KIB), page("/register", BUDGETS.landing)])).toEqual([]);
    expect(overBudget([page("/", BUDGETS.landing + 1), page("/login", BUDGETS.landing + 11 * KIB + 2), page("/register", 1)])).toEqual([
      "/ loads 112.0 KiB of JavaScript; the budget is 112.0 KiB",
      "/login loads 11.0 KiB more than / (123.0 KiB); the budget is 11.0 KiB more",
    ]);
    expect(overBudget([page("/", 1), page("/login", 1)])).toEqual(["/register was not measured"]);
    expect(overBudget([page("/login", 1)])).toEqual(["/ was not measured"]);
  });
});
