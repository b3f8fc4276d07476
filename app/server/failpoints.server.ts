/**
 * Failpoints for crash tests: a named point in the money code where a test can make the process die at once
 * (SIGKILL: no finally blocks, no graceful shutdown, like a power cut). Off unless ROSCA_FAILPOINTS is set, and never in
 * production. Format: "name:probability,name:probability", e.g. "after-bank-create:0.3".
 */
let parsed: Map<string, number> | null = null;

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

export function failpoint(name: string) {
  const probability = points().get(name);
  if (probability && Math.random() < probability) {
    console.error(`failpoint ${name}: killing the process`);
    process.kill(process.pid, "SIGKILL");
  }
}
