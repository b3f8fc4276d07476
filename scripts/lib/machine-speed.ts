/**
 * The machine's speed while a run goes on: a fixed loop's CPU time, sampled now and then (npm test's summary, ADR 060
 * part fourteen). The shared 2-core virtual machines these runs use change speed by the hour by up to twice, with no
 * steal time shown inside them: the same `npm test` took 570 s at one hour and 1,048 s at another. A run's wall time
 * alone says as much about the hour as about the code; beside the loop's figure it can be read as a ratio.
 *
 * The loop's CPU time (not its wall time) is what counts, so the run's own processes beside it (two busy cores) do not
 * inflate it: only a slower core does.
 */

/** The loop's work: 10⁸ steps, some 150-300 ms of one core on the 2-core machine, depending on the hour (shorter loops varied too much between samples). */
export const REFERENCE_STEPS = 100_000_000;

/** Integer arithmetic a compiler cannot fold away (the result is returned). */
function spin(steps: number): number {
  let x = 0;
  for (let i = 0; i < steps; i++) x = (x + (i % 7)) | 0;
  return x;
}

/** The CPU milliseconds (user + system) of this process for one run of the reference loop. */
export function referenceLoopMs(steps = REFERENCE_STEPS): number {
  const before = process.cpuUsage();
  const result = spin(steps);
  const used = process.cpuUsage(before);
  // Keep the result alive (and the loop with it).
  if (result === -1) throw new Error("unreachable");
  return (used.user + used.system) / 1000;
}

/** Samples of the reference loop over a run, and the line npm test's summary prints from them. */
export class MachineSpeed {
  readonly samples: number[] = [];

  constructor(private readonly measure: () => number = referenceLoopMs) {
    // The first run compiles the loop; it is not a sample.
    this.measure();
  }

  sample() {
    this.samples.push(this.measure());
  }

  median(): number | null {
    if (this.samples.length === 0) return null;
    const sorted = [...this.samples].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  }

  summary(): string {
    const median = this.median();
    if (median === null) return "";
    const low = Math.min(...this.samples);
    const high = Math.max(...this.samples);
    return `  machine speed: a fixed loop took ${median.toFixed(0)} ms of CPU (median of ${this.samples.length}, ${low.toFixed(0)}-${high.toFixed(0)} ms; lower is faster)\n`;
  }
}
