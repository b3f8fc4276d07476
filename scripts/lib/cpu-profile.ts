/**
 * Reading a V8 CPU profile (`node --cpu-prof`): the functions with the most self time, as lines to print. For the
 * benchmarks' "where does the time go" (issue 13).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

export function topFunctions(file: string, count = 15): string[] {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfTime = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    total += delta;
    const frame = byId.get(id)!.callFrame;
    const where = frame.url
      ? ` ${frame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(app|scripts|sandbox)\//, "$1/")}:${frame.lineNumber + 1}`
      : "";
    const name = `${frame.functionName || "(anonymous)"}${where}`;
    selfTime.set(name, (selfTime.get(name) ?? 0) + delta);
  });
  return [...selfTime]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, time]) => `${((time / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
}

/**
 * Self time by where the code lives, busy time only (idle left out): a package under node_modules, our own top-level
 * folder (app, sandbox, scripts), Node's internals, or V8's own entries ((garbage collector), (program)).
 */
export function byPlace(file: string): string {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const time = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === "(idle)") return;
    const delta = profile.timeDeltas[i] ?? 0;
    busy += delta;
    const url = frame.url;
    const place = !url
      ? frame.functionName || "(native)"
      : url.startsWith("node:")
        ? "node internals"
        : url.includes("node_modules/")
          ? (url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? "node_modules")
          : (url.match(/\/(app|sandbox|scripts)\//)?.[1] ?? "other");
    time.set(place, (time.get(place) ?? 0) + delta);
  });
  return [...time]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([place, t]) => `${place} ${((t / busy) * 100).toFixed(0)}%`)
    .join(", ");
}

/** Profiles this thread with the inspector until stop(), which writes the profile to `file` and returns its top functions. */
export async function startProfile() {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return {
    async stop(file: string, count = 15) {
      const { profile } = await session.post("Profiler.stop");
      session.disconnect();
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
      return topFunctions(file, count);
    },
  };
}
