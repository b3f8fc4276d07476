/**
 * Which Chromium the end-to-end tests (and any script that needs a browser) drive, found without system packages.
 * In order: CHROMIUM_PATH → a browser Playwright installed (`npx playwright install`) → a system Chromium → the
 * Chromium shipped inside the `@sparticuz/chromium` npm package (it bundles what it needs and extracts itself to the
 * temp directory in a second or two), so `npm install && npm test` works on a bare machine.
 */
import { existsSync, statfsSync } from "node:fs";

export type BrowserSource = "CHROMIUM_PATH" | "playwright" | "system" | "npm";
export type ResolvedBrowser = { path: string; source: BrowserSource };

export const SYSTEM_CHROMIUM_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"];

/** The flags every launch uses: headless, and nothing that phones home (this machine's network is closed). */
export const BROWSER_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Free space in /dev/shm from which Chromium may keep its shared memory there (ADR 060, part eleven). */
export const SHARED_MEMORY_MIN_BYTES = 512 * 1024 * 1024;

/**
 * Playwright's default Chromium arguments to leave out. It passes `--disable-dev-shm-usage` on Linux, for containers
 * whose /dev/shm is 64 MB: Chromium then keeps its shared memory (every frame's pixels, every large IPC message) in
 * files under /tmp. Where /tmp is a disk's file system, each of those files is written back to the disk by the kernel,
 * which cost the e2e tests 7-12% of their CPU (ADR 060, part eleven). Where /dev/shm has room, Chromium's default
 * (shared memory in /dev/shm, in RAM) is kept; where it has not, or cannot be read, Playwright's default stands.
 */
export function ignoredDefaultArgs(freeSharedMemory: () => number = sharedMemoryFree): string[] {
  let free: number;
  try {
    free = freeSharedMemory();
  } catch {
    return [];
  }
  return free >= SHARED_MEMORY_MIN_BYTES ? ["--disable-dev-shm-usage"] : [];
}

function sharedMemoryFree() {
  const stats = statfsSync("/dev/shm");
  return stats.bavail * stats.bsize;
}

export type BrowserSources = {
  env: string | undefined;
  playwright: () => Promise<string | null>;
  system: readonly string[];
  npm: () => Promise<string | null>;
  exists: (path: string) => boolean;
};

async function playwrightBrowser(): Promise<string | null> {
  try {
    const { chromium } = await import("@playwright/test");
    return chromium.executablePath();
  } catch {
    return null;
  }
}

async function npmBrowser(): Promise<string | null> {
  try {
    const { default: chromium } = await import("@sparticuz/chromium");
    return await chromium.executablePath();
  } catch {
    return null;
  }
}

export const defaultSources = (): BrowserSources => ({
  env: process.env.CHROMIUM_PATH || undefined,
  playwright: playwrightBrowser,
  system: SYSTEM_CHROMIUM_PATHS,
  npm: npmBrowser,
  exists: existsSync,
});

/** The first browser that exists, in the order above; throws with every place it looked when there is none. */
export async function resolveBrowser(sources: BrowserSources = defaultSources()): Promise<ResolvedBrowser> {
  const looked: string[] = [];
  if (sources.env) {
    if (sources.exists(sources.env)) return { path: sources.env, source: "CHROMIUM_PATH" };
    // An explicit choice that does not exist is a mistake worth stopping for, not something to route around.
    throw new Error(`CHROMIUM_PATH is ${sources.env}, which does not exist`);
  }
  const installed = await sources.playwright();
  if (installed && sources.exists(installed)) return { path: installed, source: "playwright" };
  looked.push(`Playwright's browser (${installed ?? "none"})`);
  for (const path of sources.system) {
    if (sources.exists(path)) return { path, source: "system" };
  }
  looked.push(...sources.system);
  const bundled = await sources.npm();
  if (bundled && sources.exists(bundled)) return { path: bundled, source: "npm" };
  looked.push("@sparticuz/chromium");
  throw new Error(`No Chromium found. Looked at: ${looked.join(", ")}. Set CHROMIUM_PATH, or run npm install.`);
}
