/**
 * Runs a command and samples the CPU of every process under it (every 0.2 s, from /proc), summed by what the process
 * is, for measuring a test stage's CPU (ADR 060, parts six (i), seven (p) and eight (q)):
 *
 *   npm exec -- tsx scripts/cpu-sample.ts -- npx playwright test --project js tests/e2e/profile.js.spec.ts
 *
 * A process's CPU is its own user + system time as last seen: what a process spends between the last sample and its
 * exit (at most 0.2 s of it, CPU_SAMPLE_MS) is missed, the same in every run compared. Linux only.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const separator = process.argv.indexOf("--");
const command = separator >= 0 ? process.argv.slice(separator + 1) : process.argv.slice(2);
if (command.length === 0) {
  console.error("usage: tsx scripts/cpu-sample.ts -- <command> [args…]");
  process.exit(2);
}
const TICKS = 100; // USER_HZ on Linux
const INTERVAL_MS = Number(process.env.CPU_SAMPLE_MS ?? 200);
/** CPU_SAMPLE_CHROMIUM=types: Chromium's processes by their --type (renderer, gpu-process, utility, …) instead of one sum. */
const CHROMIUM_BY_TYPE = process.env.CPU_SAMPLE_CHROMIUM === "types";

type Sample = { own: number; kind: string };
const seen = new Map<number, Sample>();

/** What a process is, by its command line. */
export function kindOf(cmdline: string): string {
  if (/chrom(e|ium)|headless_shell/i.test(cmdline)) {
    // Chromium's children say what they are: --type=renderer, gpu-process, utility (the network service), zygote.
    const type = /--type=([\w-]+)/.exec(cmdline)?.[1];
    return CHROMIUM_BY_TYPE ? `chromium ${type ?? "browser"}` : "chromium";
  }
  if (/postgres/.test(cmdline)) return "postgresql";
  if (/tests\/e2e\/server\.ts/.test(cmdline)) return "e2e server";
  if (/playwright|vitest/.test(cmdline)) return "runner";
  if (/esbuild/.test(cmdline)) return "esbuild";
  return "other";
}

function stat(pid: number): { ppid: number; own: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
    return { ppid: Number(fields[1]), own: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

function cmdline(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

const startedAt = Date.now();
const loadAtStart = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const child = spawn(command[0]!, command.slice(1), { stdio: "inherit" });
const root = child.pid!;

function sample() {
  const tree = new Set([root]);
  const all: { pid: number; ppid: number; own: number }[] = [];
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!pid) continue;
    const s = stat(pid);
    if (s) all.push({ pid, ...s });
  }
  // Parents before children is not guaranteed by pid order: iterate until no process joins the tree.
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of all) {
      if (!tree.has(p.pid) && tree.has(p.ppid)) {
        tree.add(p.pid);
        grew = true;
      }
    }
  }
  for (const p of all) {
    if (!tree.has(p.pid)) continue;
    // What a process is, as last seen: a child is first seen between its fork and its exec, with its parent's command
    // line (a browser forked by a Playwright worker looked like the runner), so the kind is read again each sample.
    const line = cmdline(p.pid);
    const known = seen.get(p.pid);
    seen.set(p.pid, { own: p.own, kind: line ? kindOf(line) : (known?.kind ?? "other") });
  }
}
const timer = setInterval(sample, INTERVAL_MS);
sample();

child.on("exit", (code, signal) => {
  clearInterval(timer);
  const wall = (Date.now() - startedAt) / 1000;
  const loadAtEnd = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  const byKind = new Map<string, number>();
  const processes = new Map<string, number>();
  let sampled = 0;
  for (const s of seen.values()) {
    byKind.set(s.kind, (byKind.get(s.kind) ?? 0) + s.own / TICKS);
    processes.set(s.kind, (processes.get(s.kind) ?? 0) + 1);
    sampled += s.own / TICKS;
  }
  // Each kind's CPU and, in brackets, how many processes of it were seen (Chromium's renderers: one per context and site).
  const parts = [...byKind].sort((a, b) => b[1] - a[1]).map(([kind, seconds]) => `${kind} ${seconds.toFixed(1)} [${processes.get(kind)}]`);
  console.log(
    `cpu-sample: wall ${wall.toFixed(1)} s, load ${loadAtStart} -> ${loadAtEnd}; CPU ${sampled.toFixed(1)} s (${parts.join(", ")}); exit ${code ?? signal}`,
  );
  process.exit(code ?? 1);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
