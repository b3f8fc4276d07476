/**
 * After `npm run build`: the compiled server (build/host/serve.js, what the image runs) starts and answers /healthz,
 * within BOOT_CHECK_LIMIT_MS (default 15,000: a loaded 2-core machine; Fly's grace period is 10 s, and the goal on an
 * idle machine is under 3 s, ADR 042), then renders the landing page with the nonce of its Content-Security-Policy: the
 * compiled host's request context reaches the build's loaders (two copies of request-context.server.ts in one process,
 * ADR 046). Prints the time it took; exit 1 if either fails. `npm test` runs it after the build.
 *
 * /healthz and the landing page for an anonymous visitor touch no database, so the check needs none: DATABASE_URL
 * points nowhere.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";

const limitMs = Number(process.env.BOOT_CHECK_LIMIT_MS ?? 15_000);

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
let pageProblem: string | null = null;
if (healthy) {
  const response = await fetch(`http://127.0.0.1:${port}/`);
  const html = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  if (response.status !== 200) pageProblem = `GET / answered ${response.status}`;
  else if (!nonce || !html.includes(`nonce="${nonce}"`)) pageProblem = "GET / rendered without the nonce of its Content-Security-Policy";
}
child.kill("SIGTERM");
if (healthy && pageProblem === null) {
  console.log(`build/host/serve.js answered /healthz ${ms} ms after it was started, and rendered / with its CSP nonce`);
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
