import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const scratch = mkdtempSync(path.join(tmpdir(), "rosca-process-guard-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs `body` in a child Node process (tsx) with the guard installed; its exit code and output. */
async function runChild(body: string): Promise<{ code: number | null; stdout: string; lines: Array<{ level: number; msg: string }> }> {
  const file = path.join(scratch, `child-${Math.random().toString(36).slice(2)}.mts`);
  const guard = path.resolve("app/server/platform/process-guard.server.ts");
  const metrics = path.resolve("app/server/platform/metrics.server.ts");
  writeFileSync(
    file,
    `import { installProcessGuard } from ${JSON.stringify(guard)};
import { metricsText } from ${JSON.stringify(metrics)};
const count = async (kind: string) => {
  const line = (await metricsText()).body.split("\\n").find((l) => l.startsWith(\`rosca_process_errors_total{kind="\${kind}"}\`));
  return line ? Number(line.split(" ").at(-1)) : 0;
};
${body}
`,
  );
  const child = spawn(process.execPath, ["--import", "tsx", file], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { PATH: process.env.PATH, NODE_ENV: "production", LOG_LEVEL: "info" },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  const lines = stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: number; msg: string });
  if (stderr.trim()) stdout += `\n[stderr]\n${stderr}`;
  return { code, stdout, lines };
}

describe("the process guard", () => {
  it("logs and counts an unhandled rejection, and the process serves on", async () => {
    const result = await runChild(`
installProcessGuard({ role: "test" });
Promise.reject(new Error("Connection terminated unexpectedly"));
await new Promise((resolve) => setTimeout(resolve, 50));
Promise.reject(new Error("terminating connection due to administrator command"));
await new Promise((resolve) => setTimeout(resolve, 50));
console.log(JSON.stringify({ level: 30, msg: \`still serving; counted \${await count("unhandled_rejection")}\` }));
`);
    expect(result.code, result.stdout).toBe(0);
    expect(result.lines.filter((line) => line.level === 50).map((line) => line.msg)).toEqual([
      "unhandled promise rejection (serving on): Error: Connection terminated unexpectedly",
      "unhandled promise rejection (serving on): Error: terminating connection due to administrator command",
    ]);
    expect(result.lines.at(-1)?.msg).toBe("still serving; counted 2");
  }, 30_000);

  it("exits 1 on an uncaught exception, saying why, after the caller's cleanup", async () => {
    const result = await runChild(`
installProcessGuard({ role: "test", onFatal: () => console.log(JSON.stringify({ level: 30, msg: "cleanup ran" })) });
setTimeout(() => { throw new TypeError("cannot read properties of undefined"); }, 10);
setTimeout(() => console.log(JSON.stringify({ level: 30, msg: "should not get here" })), 10_000);
`);
    expect(result.code, result.stdout).toBe(1);
    // The logger writes asynchronously, so the two lines may come out in either order.
    expect(result.lines.map((line) => [line.level, line.msg]).sort()).toEqual([
      [30, "cleanup ran"],
      [60, "uncaught exception: exiting so that the process is restarted: TypeError: cannot read properties of undefined"],
    ]);
  }, 30_000);

  it("exits even when the cleanup hangs, within its bound", async () => {
    const started = Date.now();
    const result = await runChild(`
installProcessGuard({ role: "test", onFatal: () => new Promise(() => {}) });
setTimeout(() => { throw new Error("boom"); }, 10);
setInterval(() => {}, 1000);
`);
    expect(result.code, result.stdout).toBe(1);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(result.lines.map((line) => line.msg)).toEqual(["uncaught exception: exiting so that the process is restarted: Error: boom"]);
  }, 30_000);
});
