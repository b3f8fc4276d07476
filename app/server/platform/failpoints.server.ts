/**
 * Failpoints for crash tests: a named point in the money code (or another multi-step write) where a test can make the process die at once
 * (SIGKILL: no finally blocks, no graceful shutdown, like a power cut). Off unless ROSCA_FAILPOINTS is set or a test
 * arms one, and never in production. Format: "name:probability,name:probability", e.g. "after-bank-create:0.3".
 *
 * In-process tests (the property test) arm a failpoint instead (`armFailpoint`): the n-th time the code passes it, it
 * throws a SimulatedCrash, which aborts the run where it stands (open transactions roll back, as they would if the
 * process died) and which nothing in the money code catches or counts as a failure.
 */
let parsed: Map<string, number> | null = null;
const armed = new Map<string, number>();

export class SimulatedCrash extends Error {
  constructor(readonly point: string) {
    super(`simulated crash at ${point}`);
    this.name = "SimulatedCrash";
  }
}

function points() {
  if (parsed) return parsed;
  parsed = new Map();
  const spec = process.env.ROSCA_FAILPOINTS;
  if (!spec || process.env.APP_ENV === "production") return parsed;
  for (const part of spec.split(",")) {
    const [name, probability] = part.split(":");
    if (name) parsed.set(name.trim(), Math.min(1, Math.max(0, Number(probability ?? 1))));
  }
  return parsed;
}

/** Tests: crash (throw SimulatedCrash) the `hit`-th time (1 = next) the code passes `name`. */
export function armFailpoint(name: string, hit = 1) {
  if (process.env.APP_ENV === "production") return;
  armed.set(name, hit);
}

export function disarmFailpoints() {
  armed.clear();
}

export function failpoint(name: string) {
  const remaining = armed.get(name);
  if (remaining !== undefined) {
    if (remaining <= 1) {
      armed.delete(name);
      throw new SimulatedCrash(name);
    }
    armed.set(name, remaining - 1);
  }
  const probability = points().get(name);
  if (probability && Math.random() < probability) {
    // biome-ignore lint/suspicious/noConsole: written synchronously to stderr right before SIGKILL (test-only crash injection)
    console.error(`failpoint ${name}: killing the process`);
    process.kill(process.pid, "SIGKILL");
  }
}

let pauses: Map<string, { ms: number; times: number }> | null = null;

/**
 * Tests: wait at a named point, so that a test can act on a process while it stands there (kill a worker that holds a
 * page's locks, cut its database connections). ROSCA_PAUSEPOINTS="name:ms,name:ms:times"; off in production. With
 * `times`, only the first `times` passes wait (the page the test acts on), and the rest of the work runs at its own
 * pace.
 */
export async function pausepoint(name: string) {
  if (!pauses) pauses = parsePausepoints(process.env.APP_ENV === "production" ? undefined : process.env.ROSCA_PAUSEPOINTS);
  const pause = pauses.get(name);
  if (pause && pause.times > 0) {
    pause.times -= 1;
    // biome-ignore lint/suspicious/noConsole: a line the test waits for (test-only)
    console.error(`pausepoint ${name}: waiting ${pause.ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, pause.ms));
  }
}

/** "name:ms,name:ms:times" → each point's wait and how many passes wait (every one when `times` is left out). */
export function parsePausepoints(spec: string | undefined) {
  const parsed = new Map<string, { ms: number; times: number }>();
  for (const part of spec?.split(",") ?? []) {
    const [point, ms, times] = part.split(":");
    const count = times === undefined ? Number.POSITIVE_INFINITY : Number(times);
    if (point?.trim() && Number(ms) > 0 && count > 0) parsed.set(point.trim(), { ms: Number(ms), times: count });
  }
  return parsed;
}
