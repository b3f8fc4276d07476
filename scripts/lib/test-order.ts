/** The order of Vitest's files (tests/support/sequencer.ts; ADR 060): pure, unit-tested beside. */
import { readFileSync } from "node:fs";

/** The seconds per file (relative to the project's root) that file-durations.json records; none if it is missing or unreadable. */
export function recordedDurations(file: string): Map<string, number> {
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as { seconds?: Record<string, unknown> };
    return new Map(
      Object.entries(parsed.seconds ?? {}).filter((entry): entry is [string, number] => typeof entry[1] === "number" && Number.isFinite(entry[1])),
    );
  } catch {
    return new Map();
  }
}

/**
 * Files with a known length, longest first (ties keep their order), then the others in the order given (`fallback`:
 * Vitest's, the largest file first). `known` gives a file's milliseconds, or undefined when it is not known.
 */
export function longestFirst<T>(fallback: readonly T[], known: (file: T) => number | undefined): T[] {
  const entries = fallback.map((file, index) => ({ file, index, ms: known(file) }));
  const timed = entries.filter((entry) => entry.ms !== undefined).sort((a, b) => b.ms! - a.ms! || a.index - b.index);
  const untimed = entries.filter((entry) => entry.ms === undefined);
  return [...timed, ...untimed].map((entry) => entry.file);
}

/**
 * `ordered` with each project's files kept together, in their order: the projects in the order of their first file
 * there, except the projects `last` names, which go at the end. Vitest keeps a worker process for the next file only
 * when that file is of the same project (`isolate: false`, ADR 060 part seven (o)); mixed, every change of project
 * between files in the queue ends a worker and starts another.
 */
export function projectsTogether<T>(ordered: readonly T[], project: (file: T) => string, last: (project: string) => boolean = () => false): T[] {
  const groups = new Map<string, T[]>();
  for (const file of ordered) {
    const name = project(file);
    const files = groups.get(name);
    if (files) files.push(file);
    else groups.set(name, [file]);
  }
  const names = [...groups.keys()];
  return [...names.filter((name) => !last(name)), ...names.filter(last)].flatMap((name) => groups.get(name)!);
}
