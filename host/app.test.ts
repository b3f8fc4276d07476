import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import express from "express";
import { contentSecurityDirectives, createApp, createHttpServer, MALFORMED_PATH, PLAID_LINK_SCRIPT } from "./app";

/** The Content-Security-Policy header the real middleware stack sends, for the environment given. */
async function cspHeader(environment: { PLAID_ENV?: string; PLAID_SANDBOX_URL?: string }) {
  const saved = { PLAID_ENV: process.env.PLAID_ENV, PLAID_SANDBOX_URL: process.env.PLAID_SANDBOX_URL };
  for (const key of ["PLAID_ENV", "PLAID_SANDBOX_URL"] as const) {
    if (environment[key] === undefined) delete process.env[key];
    else process.env[key] = environment[key];
  }
  // A cross-site POST is answered by rejectCrossSiteWrites, after the security headers and before the React Router
  // handler, so no build is needed to see the header.
  const app = createApp({ build: {} as ServerBuild, production: false });
  const server = app.listen(0, "127.0.0.1");
  try {
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/profile/bank-accounts`, {
      method: "POST",
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    return response.headers.get("content-security-policy") ?? "";
  } finally {
    await new Promise((resolve) => server.close(resolve));
    for (const key of ["PLAID_ENV", "PLAID_SANDBOX_URL"] as const) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  }
}

function directive(header: string, name: string) {
  const found = header
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
  return found ? found.slice(name.length + 1).split(" ") : null;
}

describe("Content-Security-Policy", () => {
  it("allows nothing of Plaid's without PLAID_ENV (sandbox bank or no bank)", async () => {
    for (const environment of [{}, { PLAID_SANDBOX_URL: "http://127.0.0.1:3026" }]) {
      const header = await cspHeader(environment);
      expect(header).not.toContain("plaid.com");
      expect(directive(header, "script-src")).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/=]+'$/)]);
      expect(directive(header, "connect-src")).toEqual(["'self'"]);
      expect(directive(header, "frame-src")).toEqual(["'self'"]);
      expect(directive(header, "frame-ancestors")).toEqual(["'none'"]);
    }
    const sandbox = await cspHeader({ PLAID_SANDBOX_URL: "http://127.0.0.1:3026/" });
    expect(directive(sandbox, "form-action")).toEqual(["'self'", "http://127.0.0.1:3026"]);
  });

  it("allows Plaid Link's CDN script, its iframe and the environment's API host with PLAID_ENV", async () => {
    const header = await cspHeader({ PLAID_ENV: "sandbox" });
    expect(directive(header, "script-src")).toEqual([
      "'self'",
      expect.stringMatching(/^'nonce-[A-Za-z0-9+/=]+'$/),
      "https://cdn.plaid.com/link/v2/stable/link-initialize.js",
    ]);
    expect(directive(header, "frame-src")).toEqual(["'self'", "https://cdn.plaid.com"]);
    expect(directive(header, "connect-src")).toEqual(["'self'", "https://sandbox.plaid.com"]);
    expect(directive(header, "default-src")).toEqual(["'self'", "https://cdn.plaid.com"]);
    // Nothing else is loosened.
    expect(directive(header, "form-action")).toEqual(["'self'"]);
    expect(directive(header, "frame-ancestors")).toEqual(["'none'"]);
    expect(header).not.toContain("unsafe-eval");
  });

  it("uses the production API host for PLAID_ENV=production, and the script react-plaid-link loads", () => {
    const directives = contentSecurityDirectives({ production: true, plaidEnv: "production" });
    expect(directives["connect-src"]).toEqual(["'self'", "https://production.plaid.com"]);
    expect(directives["upgrade-insecure-requests"]).toEqual([]);
    // The URL the policy allows is the one react-plaid-link injects (it does not export the constant).
    const packageCode = readFileSync(createRequire(import.meta.url).resolve("react-plaid-link"), "utf8");
    expect(packageCode).toContain(`'${PLAID_LINK_SCRIPT}'`);
  });
});

describe("the HTTP server", () => {
  it("sets its timeouts on purpose: 20 s for headers, 30 s per request, keep-alive past Fly's 60 s idle cut", () => {
    const server = createHttpServer(express());
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([20_000, 30_000, 65_000]);
  });

  it("cuts off a client that sends its headers too slowly", async () => {
    const app = express();
    app.get("/", (_req, res) => res.send("ok"));
    const server = http.createServer({ headersTimeout: 300, requestTimeout: 300, connectionsCheckingInterval: 50 }, app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk.toString()));
      socket.write("GET / HTTP/1.1\r\nHost: x\r\n");
      await new Promise((resolve) => socket.once("close", resolve));
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
    } finally {
      server.close();
    }
  });
});

describe("pre-compressed static files", () => {
  it("sends the .br or .gz beside a file by what the client accepts, with Vary, untouched by compression; other methods pass by", async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const { brotliCompressSync, gzipSync } = await import("node:zlib");
    const compression = createRequire(import.meta.url)("compression") as () => express.RequestHandler;
    const { precompressedStatic } = await import("./app");
    const dir = mkdtempSync(path.join(tmpdir(), "static-"));
    const body = `console.log(${JSON.stringify("x".repeat(5000))});`;
    writeFileSync(path.join(dir, "app-1.js"), body);
    writeFileSync(path.join(dir, "app-1.js.br"), brotliCompressSync(body));
    writeFileSync(path.join(dir, "app-1.js.gz"), gzipSync(body));
    const app = express();
    app.use(compression());
    app.use(precompressedStatic(dir, { immutable: true, maxAge: "1y", index: false }));
    app.use((req, res) => {
      res.status(404).type("text/plain").send(`no ${req.method}`);
    });
    const server = app.listen(0, "127.0.0.1");
    try {
      await new Promise((resolve) => server.once("listening", resolve));
      const { port } = server.address() as AddressInfo;
      const get = (encoding: string, method = "GET") =>
        new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
          const request = http.request(
            { port, host: "127.0.0.1", path: "/app-1.js", method, headers: { "Accept-Encoding": encoding } },
            (response) => {
              const chunks: Buffer[] = [];
              response.on("data", (chunk: Buffer) => chunks.push(chunk));
              response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
            },
          );
          request.on("error", reject);
          request.end();
        });
      const br = await get("gzip, deflate, br");
      expect([br.status, br.headers["content-encoding"], br.headers.vary, br.headers["content-type"]]).toEqual([
        200,
        "br",
        "Accept-Encoding",
        "text/javascript; charset=UTF-8",
      ]);
      expect(br.body.equals(brotliCompressSync(body))).toBe(true);
      expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const gz = await get("gzip");
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(gz.body.equals(gzipSync(body))).toBe(true);
      const plain = await get("identity");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.toString()).toBe(body);
      // A POST is not a static request: the app's own answer, with no stray Content-Encoding.
      const post = await get("br", "POST");
      expect([post.status, post.headers["content-encoding"], post.body.toString()]).toEqual([404, undefined, "no POST"]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("publicFilesIn", () => {
  it("lists the public files outside /assets as URL paths, without their compressed twins", async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const { publicFilesIn } = await import("./app");
    const dir = mkdtempSync(path.join(tmpdir(), "public-"));
    try {
      for (const file of ["favicon.svg", "favicon.svg.br", "favicon.svg.gz", "assets/app-1.js", ".well-known/security.txt"]) {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), "x");
      }
      expect([...publicFilesIn(dir)].sort()).toEqual(["/.well-known/security.txt", "/favicon.svg"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** One request over plain HTTP (fetch refuses TRACE), to a server running `app`. */
async function rawRequest(app: express.Express, method: string, path: string, headers: Record<string, string> = {}) {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    return await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const request = http.request({ port: (server.address() as AddressInfo).port, host: "127.0.0.1", path, method, headers }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      });
      request.on("error", reject);
      request.end();
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("an address that is not a valid URL", () => {
  it("answers a path with a bad percent escape with 400 and a plain message, logged at info, never a 500 or an error report", async () => {
    const { logger } = await import("../app/server/platform/log.server");
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    try {
      const app = createApp({ build: {} as ServerBuild, production: false });
      for (const path of ["/%E0%A4%A", "/groups/join/%", "/groups/%E0%A4%A/pay"]) {
        const answer = await rawRequest(app, "GET", path);
        expect([path, answer.status, answer.body]).toEqual([path, 400, MALFORMED_PATH]);
        expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
      }
      expect(MALFORMED_PATH).toBe("Bad Request: this address is not a valid URL. Check the link, or go to the home page.");
      expect(error).not.toHaveBeenCalled();
    } finally {
      error.mockRestore();
    }
  });
});

describe("methods the app does not serve (ADR 038)", () => {
  it("answers TRACE, PUT and the like with 405 and Allow, OPTIONS with 204 and Allow, before the app and without an error", async () => {
    const { logger } = await import("../app/server/platform/log.server");
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    try {
      // No build: a request that reached React Router would fail (a 500 logged as an error).
      const app = createApp({ build: {} as ServerBuild, production: false });
      for (const method of ["TRACE", "PUT", "DELETE", "PATCH", "PROPFIND"]) {
        const answer = await rawRequest(app, method, "/profile");
        expect([method, answer.status, answer.headers.allow, answer.body]).toEqual([method, 405, "GET, HEAD, POST", "Method Not Allowed."]);
        expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      }
      const options = await rawRequest(app, "OPTIONS", "/about");
      expect([options.status, options.headers.allow, options.body]).toEqual([204, "GET, HEAD, POST", ""]);
      expect(error).not.toHaveBeenCalled();
    } finally {
      error.mockRestore();
    }
  });

  it("adds Allow: GET, HEAD to the router's own 405 for a POST to a route without an action", async () => {
    const { onlyServedMethods } = await import("./app");
    const app = express();
    app.use(onlyServedMethods);
    app.post("/about", (_req, res) => {
      res.status(405).type("text/plain").send("no action");
    });
    app.post("/api/session", (_req, res) => {
      res.status(405).set("Allow", "POST").send("own Allow");
    });
    expect((await rawRequest(app, "POST", "/about")).headers.allow).toBe("GET, HEAD");
    expect((await rawRequest(app, "POST", "/api/session")).headers.allow).toBe("POST");
  });
});

describe("Cache-Control (ADR 038)", () => {
  it("is private, no-store on every answer but a public page as every anonymous visitor sees it, whatever the route said", async () => {
    const { privateUnlessShared } = await import("./cache-control");
    const app = express();
    app.use(privateUnlessShared((path) => path === "/about"));
    app.get("/about", (req, res) => {
      if (req.query.toast) res.append("Set-Cookie", "rosca_toast=; Max-Age=0");
      res.type("text/html").send("<h1>About</h1>");
    });
    app.get("/dashboard", (_req, res) => {
      res.set("Cache-Control", "public, max-age=600").type("text/html").send("<h1>Dashboard</h1>");
    });
    app.get("/login", (_req, res) => res.redirect(302, "/dashboard"));
    const answer = async (path: string, headers: Record<string, string> = {}) =>
      (await rawRequest(app, "GET", path, headers)).headers["cache-control"];

    // The public page, anonymous: left to its cache.
    expect(await answer("/about")).toBeUndefined();
    // The demo mailbox's cookie does not change a public page.
    expect(await answer("/about", { Cookie: "rosca_mailbox=abc" })).toBeUndefined();
    // Signed in, with a query, or setting a cookie: private.
    expect(await answer("/about", { Cookie: "rosca_session=abc" })).toBe("private, no-store");
    expect(await answer("/about?toast=1")).toBe("private, no-store");
    // Any other page, a redirect included, whatever the route said.
    expect(await answer("/dashboard", { Cookie: "rosca_session=abc" })).toBe("private, no-store");
    expect(await answer("/dashboard")).toBe("private, no-store");
    expect(await answer("/login", { Cookie: "rosca_session=abc" })).toBe("private, no-store");
    expect(await answer("/about.data", { Cookie: "rosca_session=abc" })).toBe("private, no-store");
  });
});
