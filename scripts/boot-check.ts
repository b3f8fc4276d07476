/**
 * After `npm run build`: the compiled server (build/host/serve.js, what the image runs) starts and answers /healthz
 * having used at most BOOT_CHECK_CPU_LIMIT_MS of CPU (default 6,000; Fly's grace period is 10 s, and the goal on an
 * idle machine is under 3 s, ADR 042), then renders the landing page with the nonce of its Content-Security-Policy: the
 * compiled host's request context reaches the build's loaders (two copies of request-context.server.ts in one process,
 * ADR 046). Prints the time it took; exit 1 if either fails. `npm test` runs it after the build.
 *
 * The limit is on the server's CPU time, not the clock (ADR 060): on an idle machine the two are about the same (a boot
 * is one busy core: 1.8 s of CPU, measured), but beside other work the clock stretched to 17-38 s at a load of 26
 * while the CPU time stayed at 1.8 s, and a 15 s limit on the clock turned a busy machine's `npm test` red. The clock
 * only has a ceiling so that a hung server ends the check: BOOT_CHECK_LIMIT_MS, default 180,000.
 *
 * /healthz and the landing page for an anonymous visitor touch no database, so the check needs none: DATABASE_URL
 * points nowhere.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

const limitMs = Number(process.env.BOOT_CHECK_LIMIT_MS ?? 180_000);
const cpuLimitMs = Number(process.env.BOOT_CHECK_CPU_LIMIT_MS ?? 6_000);

/** A process's CPU time so far (user and system, all its threads), from /proc; null where there is no /proc. */
function cpuMs(pid: number): number | null {
  try {
    // After "(comm) ": state is field 3, utime 14 and stime 15 of stat(5), in clock ticks (100 a second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

const port = await freePort();
const started = performance.now();
const child = spawn(process.execPath, ["build/host/serve.js"], {
  stdio: ["ignore", "ignore", "pipe"],
  env: {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    APP_ENV: "test",
    PORT: String(port),
    METRICS_PORT: "off",
    DATABASE_URL: "postgres://nobody@127.0.0.1:9/none",
    LOG_LEVEL: "warn",
  },
});
let stderr = "";
child.stderr.on("data", (chunk: Buffer) => {
  stderr += chunk.toString();
});
let healthy = false;
// child.exitCode stays null while the server runs (no signal is sent to it before the loop ends).
while (!healthy && child.exitCode === null && performance.now() - started < limitMs) {
  try {
    healthy = (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200;
  } catch {
    // not listening yet
  }
  if (!healthy) await new Promise((resolve) => setTimeout(resolve, 20));
}
const ms = Math.round(performance.now() - started);
const cpu = healthy && child.pid !== undefined ? cpuMs(child.pid) : null;
let pageProblem: string | null = null;
if (healthy && cpu !== null && cpu > cpuLimitMs)
  pageProblem = `it used ${cpu} ms of CPU before it answered /healthz, over the ${cpuLimitMs} ms allowed`;
if (healthy && pageProblem === null) {
  const response = await fetch(`http://127.0.0.1:${port}/`);
  const html = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  if (response.status !== 200) pageProblem = `GET / answered ${response.status}`;
  else if (!nonce || !html.includes(`nonce="${nonce}"`)) pageProblem = "GET / rendered without the nonce of its Content-Security-Policy";
}
child.kill("SIGTERM");
if (healthy && pageProblem === null) {
  console.log(
    `build/host/serve.js answered /healthz ${ms} ms after it was started${cpu !== null ? ` (${cpu} ms of CPU; at most ${cpuLimitMs} allowed)` : ""}, and rendered / with its CSP nonce`,
  );
} else if (pageProblem !== null) {
  console.error(`build/host/serve.js: ${pageProblem}:\n${stderr}`);
  process.exitCode = 1;
} else {
  console.error(
    child.exitCode !== null
      ? `build/host/serve.js exited (${child.exitCode}) before answering /healthz:\n${stderr}`
      : `build/host/serve.js did not answer /healthz within ${limitMs} ms:\n${stderr}`,
  );
  process.exitCode = 1;
}
