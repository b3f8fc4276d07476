/**
 * A deployed demo's window onto the sandbox bank's Link pages (ADR 011). Without JavaScript, "Connect Bank Account"
 * sends the browser to the bank's own Link pages; on a laptop the bank listens on a localhost port the browser can
 * reach, but in a deployed demo it listens on the machine's loopback only. So the app serves those pages on its own
 * origin, forwarding exactly the Link UI's five requests (GET /link, POST /link/credentials|login|select|exit) to the
 * bank and passing its answer back: status, Location, content type and the bank's own security headers. Nothing else
 * of the bank (its Plaid API, its JSON Link endpoints) is reachable this way. Mounted only when DEMO_DEPLOYMENT is set;
 * production refuses the sandbox bank altogether.
 */
import { type Request, type Response, Router } from "express";

const FORWARDED_HEADERS = ["content-type", "location", "content-security-policy", "cache-control", "referrer-policy"];
/** The Link forms are a few fields; anything bigger is not one of them. */
const MAX_BODY_BYTES = 16 * 1024;

export function sandboxLinkProxy(bankUrl: string): Router {
  const router = Router();
  const forward = async (req: Request, res: Response) => {
    const target = new URL(req.originalUrl, bankUrl);
    let body: string | undefined;
    if (req.method === "POST") {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req) {
        size += (chunk as Buffer).length;
        if (size > MAX_BODY_BYTES) {
          res.status(413).type("text/plain").send("Request body too large");
          return;
        }
        chunks.push(chunk as Buffer);
      }
      body = Buffer.concat(chunks).toString("utf8");
    }
    let answer: globalThis.Response;
    try {
      answer = await fetch(target, {
        method: req.method,
        headers: req.method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded" } : {},
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      res.status(502).type("text/plain").send("The sandbox bank is not answering. Please try again.");
      return;
    }
    res.status(answer.status);
    for (const name of FORWARDED_HEADERS) {
      const value = answer.headers.get(name);
      if (value !== null) res.setHeader(name, value);
    }
    res.send(Buffer.from(await answer.arrayBuffer()));
  };
  router.get("/link", forward);
  router.post(["/link/credentials", "/link/login", "/link/select", "/link/exit"], forward);
  return router;
}
