import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { precompressDirectory } from "./precompress";

const dir = mkdtempSync(path.join(tmpdir(), "precompress-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("precompressDirectory", () => {
  it("writes a .gz and a .br beside each text asset that decompress to the file, and none where they would not be smaller", async () => {
    mkdirSync(path.join(dir, "assets"));
    const script = Buffer.from(`export const greeting = ${JSON.stringify("hello ".repeat(2000))};\n`);
    writeFileSync(path.join(dir, "assets", "app-1.js"), script);
    writeFileSync(path.join(dir, "style.css"), "body{margin:0}body{margin:0}body{margin:0}body{margin:0}");
    writeFileSync(path.join(dir, "tiny.js"), "1");
    writeFileSync(path.join(dir, "photo.png"), Buffer.alloc(4096, 7));

    expect(await precompressDirectory(dir)).toBe(3);
    const file = path.join(dir, "assets", "app-1.js");
    expect(gunzipSync(readFileSync(`${file}.gz`)).equals(script)).toBe(true);
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(script)).toBe(true);
    expect(readFileSync(`${file}.gz`).length).toBeLessThan(script.length / 20);
    expect(existsSync(path.join(dir, "style.css.br"))).toBe(true);
    // One byte compresses to more than one byte: no copy; an image is not a text format: not touched.
    expect(existsSync(path.join(dir, "tiny.js.gz"))).toBe(false);
    expect(existsSync(path.join(dir, "tiny.js.br"))).toBe(false);
    expect(existsSync(path.join(dir, "photo.png.gz"))).toBe(false);
  });
});
