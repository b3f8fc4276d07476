import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { catalogueFiles } from "./catalogue-files";

const FILE = { path: "/l10n/en-US.member.abcdefghijklmnop.js", body: `self.__l10n=${JSON.stringify('{"shell.skip":"Skip to content"}')};\n` };
const build = { entry: { module: { catalogueFileAt: (path: string) => (path === FILE.path ? FILE : null) } } } as unknown as ServerBuild;

async function withServer(run: (origin: string) => Promise<void>) {
  const app = express();
  app.use(catalogueFiles(build));
  app.use((_req, res) => res.status(404).type("text/plain").send("Not here."));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** The raw bytes and headers (fetch would decode the body). */
async function get(url: string, acceptEncoding: string, method = "GET") {
  const http = await import("node:http");
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const request = http.request(url, { method, headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("the catalogue files (ADR 059, part six (k))", () => {
  it("serves a catalogue by its name, compressed once as the browser accepts it, cached for a year", async () => {
    await withServer(async (origin) => {
      const br = await get(`${origin}${FILE.path}`, "gzip, deflate, br, zstd");
      expect(br.status).toBe(200);
      expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(br.headers.vary).toBe("Accept-Encoding");
      expect(br.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(br.body).toString()).toBe(FILE.body);
      const gz = await get(`${origin}${FILE.path}`, "gzip");
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gz.body).toString()).toBe(FILE.body);
      const plain = await get(`${origin}${FILE.path}`, "identity");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.toString()).toBe(FILE.body);
      const head = await get(`${origin}${FILE.path}`, "br", "HEAD");
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
    });
  });

  it("passes on every other path and method", async () => {
    await withServer(async (origin) => {
      for (const path of ["/l10n/en-US.member.AAAAAAAAAAAAAAAA.js", "/l10n/", "/dashboard"]) {
        const response = await get(`${origin}${path}`, "br");
        expect(response.status).toBe(404);
        expect(response.body.toString()).toBe("Not here.");
      }
      const post = await fetch(`${origin}${FILE.path}`, { method: "POST" });
      expect(post.status).toBe(404);
    });
  });
});
