import { sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";

/** Readiness: the database answers. 503 when it does not, so a load balancer stops sending traffic here. */
export async function loader() {
  const headers = { "Content-Type": "text/plain", "Cache-Control": "no-store" };
  try {
    await db().execute(sql`select 1`);
    return new Response("ready", { headers });
  } catch {
    return new Response("database unavailable", { status: 503, headers });
  }
}
