/** What PostgreSQL's processes cost in CPU, read from /proc (Linux): for the benchmarks' "where did the time go". */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * CPU time (ms) the PostgreSQL server with data directory `dataDir` has used: the postmaster, its live backends, and
 * the backends it has reaped. 0 where /proc is not there to read.
 */
export function postgresCpuMs(dataDir: string): number {
  const ticks = 100; // USER_HZ on Linux
  const stat = (pid: string) =>
    readFileSync(`/proc/${pid}/stat`, "utf8")
      .replace(/^.*\) /, "")
      .split(" ");
  try {
    const postmaster = readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]!.trim();
    const own = stat(postmaster);
    // After the comm field: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
    let total = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
    for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
      try {
        const fields = stat(pid);
        if (fields[1] === postmaster) total += Number(fields[11]) + Number(fields[12]);
      } catch {
        // The process ended while we read.
      }
    }
    return (total / ticks) * 1000;
  } catch {
    return 0;
  }
}
