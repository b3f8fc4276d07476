import { describe, expect, it } from "vitest";
import { type BrowserSources, ignoredDefaultArgs, resolveBrowser, SHARED_MEMORY_MIN_BYTES } from "./browser";

/** Sources where only the listed paths exist. */
function sources(existing: string[], overrides: Partial<BrowserSources> = {}): BrowserSources {
  return {
    env: undefined,
    playwright: async () => "/root/.cache/ms-playwright/chromium-1200/chrome-linux/chrome",
    system: ["/usr/bin/chromium", "/usr/bin/google-chrome"],
    npm: async () => "/tmp/chromium",
    exists: (path) => existing.includes(path),
    ...overrides,
  };
}

describe("resolveBrowser", () => {
  it("takes CHROMIUM_PATH first, even when every other source exists", async () => {
    const all = ["/opt/chrome", "/root/.cache/ms-playwright/chromium-1200/chrome-linux/chrome", "/usr/bin/chromium", "/tmp/chromium"];
    expect(await resolveBrowser(sources(all, { env: "/opt/chrome" }))).toEqual({ path: "/opt/chrome", source: "CHROMIUM_PATH" });
  });

  it("refuses a CHROMIUM_PATH that does not exist instead of quietly using another browser", async () => {
    await expect(resolveBrowser(sources(["/usr/bin/chromium"], { env: "/opt/missing" }))).rejects.toThrow(
      "CHROMIUM_PATH is /opt/missing, which does not exist",
    );
  });

  it("then a browser Playwright installed", async () => {
    const all = ["/root/.cache/ms-playwright/chromium-1200/chrome-linux/chrome", "/usr/bin/chromium", "/tmp/chromium"];
    expect(await resolveBrowser(sources(all))).toEqual({
      path: "/root/.cache/ms-playwright/chromium-1200/chrome-linux/chrome",
      source: "playwright",
    });
  });

  it("then the first system Chromium", async () => {
    expect(await resolveBrowser(sources(["/usr/bin/google-chrome", "/tmp/chromium"]))).toEqual({ path: "/usr/bin/google-chrome", source: "system" });
    expect(await resolveBrowser(sources(["/usr/bin/chromium", "/usr/bin/google-chrome"]))).toEqual({ path: "/usr/bin/chromium", source: "system" });
  });

  it("then the Chromium from the npm package", async () => {
    expect(await resolveBrowser(sources(["/tmp/chromium"]))).toEqual({ path: "/tmp/chromium", source: "npm" });
  });

  it("says where it looked when there is none", async () => {
    await expect(resolveBrowser(sources([], { playwright: async () => null, npm: async () => null }))).rejects.toThrow(
      "No Chromium found. Looked at: Playwright's browser (none), /usr/bin/chromium, /usr/bin/google-chrome, @sparticuz/chromium. Set CHROMIUM_PATH, or run npm install.",
    );
  });
});

describe("ignoredDefaultArgs", () => {
  it("leaves out --disable-dev-shm-usage where /dev/shm has room, so Chromium keeps its shared memory in RAM", () => {
    expect(ignoredDefaultArgs(() => 24 * 1024 ** 3)).toEqual(["--disable-dev-shm-usage"]);
    expect(ignoredDefaultArgs(() => SHARED_MEMORY_MIN_BYTES)).toEqual(["--disable-dev-shm-usage"]);
  });

  it("keeps Playwright's default where /dev/shm is a container's 64 MB, or cannot be read", () => {
    expect(ignoredDefaultArgs(() => 64 * 1024 ** 2)).toEqual([]);
    expect(ignoredDefaultArgs(() => SHARED_MEMORY_MIN_BYTES - 1)).toEqual([]);
    expect(
      ignoredDefaultArgs(() => {
        throw new Error("ENOENT: no such file or directory, statfs '/dev/shm'");
      }),
    ).toEqual([]);
  });
});
