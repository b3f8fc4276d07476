/**
 * The job worker's entry point (Fly's `worker` process group). A placeholder until the job queue exists
 * (DESIGN.md section 1, ADR pending): it only keeps the process group alive so the deployment shape is real.
 * It must exit promptly on SIGTERM, which Fly sends before stopping a machine.
 */
console.log("worker: no jobs yet; idling until SIGTERM");

// A timer is what keeps Node's event loop, and so the process, alive.
const idle = setInterval(() => {}, 60 * 60 * 1000);

function shutdown(signal: string) {
  console.log(`worker: ${signal} received, exiting`);
  clearInterval(idle);
  process.exit(0);
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
