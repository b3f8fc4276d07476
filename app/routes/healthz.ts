/** Liveness for Fly.io: the process is up and serving. No database call, so a slow database never kills machines. */
export function loader() {
  return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
