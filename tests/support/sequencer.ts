/**
 * The order Vitest starts test files in (vitest.config.ts' `sequence.sequencer`; ADR 060): the longest first, so that
 * the two workers end close together and the short files (most unit files) fill the tail; each project's files together
 * (the integration files, then the unit files, then those of projects that isolate every file), as Vitest ends a worker
 * process whenever the next file is of another project (ADR 060 part seven (o)).
 *
 * A file's length is its time in Vitest's results cache (node_modules/.vite: the last run on this machine) or, on a
 * fresh clone, where there is no cache, the time recorded in tests/support/file-durations.json (a quiet run's figures;
 * `npm run test:durations` after an `npm test` rewrites it). Files known by neither come after the known ones, the
 * largest first (Vitest's own fallback). Vitest's default puts every integration file before every unit file and, with
 * no cache, orders them by size: the 7-line property files, 35-39 s each, ran last.
 */
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { longestFirst, projectsTogether, recordedDurations } from "../../scripts/lib/test-order.ts";

const DURATIONS_FILE = path.join(import.meta.dirname, "file-durations.json");

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const fallback = await super.sort(files);
    const recorded = recordedDurations(DURATIONS_FILE);
    const root = this.ctx.config.root;
    const ordered = longestFirst(fallback, (spec) => {
      const cached = this.ctx.cache.getTestSpecificationResult(spec)?.duration;
      if (cached !== undefined && cached > 0) return cached;
      const seconds = recorded.get(path.relative(root, spec.moduleId).split(path.sep).join("/"));
      return seconds === undefined ? undefined : seconds * 1000;
    });
    // A project's files one after the other (the one with the longest file first), so that a worker process serves
    // file after file (`isolate: false`); the projects that isolate every file at the end.
    const isolating = new Set(files.filter((spec) => spec.project.config.isolate).map((spec) => spec.project.name));
    return projectsTogether(
      ordered,
      (spec) => spec.project.name,
      (name) => isolating.has(name),
    );
  }
}
