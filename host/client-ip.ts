/**
 * Who the client is when a proxy may stand in between (ADR 038). The per-IP rate limits (login, reset, sign-up,
 * confirmation re-sends, contact) and the sessions list use this address, so a header anyone can send must not set it.
 *
 * TRUST_PROXY says which forwarding header to believe, and from whom:
 * - `off`: none. The address is the TCP peer's. The default for `npm start` (which listens on 127.0.0.1 unless HOST
 *   says otherwise): any machine that reaches it could send X-Forwarded-For.
 * - `fly`: Fly's proxy's own Fly-Client-IP (and its one hop for X-Forwarded-Proto). The default in production and in a
 *   deployed demo, both served behind Fly's proxy.
 * - a comma-separated list of the proxies' addresses or CIDR ranges (or Express's names `loopback`, `linklocal`,
 *   `uniquelocal`): X-Forwarded-For is believed only on connections from those, and the client is the nearest address
 *   in it that is not one of them (Express's `trust proxy`, proxy-addr).
 * A hop count or `true` is refused: either would believe a header sent straight to the app by anyone.
 */
import type { Express, Request } from "express";

export type TrustProxy = { mode: "off" } | { mode: "fly" } | { mode: "addresses"; addresses: string[] };

const MEANING = "`off`, `fly`, or the proxies' addresses or CIDR ranges (comma-separated; `loopback`, `linklocal`, `uniquelocal` also name ranges)";

/** TRUST_PROXY's value, or the default: `fly` behind Fly's proxy (production, a deployed demo), else `off`. Throws on a bad value. */
export function trustProxyFrom(value: string | undefined, { behindFly }: { behindFly: boolean }): TrustProxy {
  const raw = (value ?? "").trim();
  if (raw === "") return behindFly ? { mode: "fly" } : { mode: "off" };
  if (raw === "off" || raw === "false") return { mode: "off" };
  if (raw === "fly") return { mode: "fly" };
  const addresses = raw
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (addresses.length === 0 || addresses.some((address) => address === "true" || /^\d+$/.test(address))) {
    throw new Error(`Invalid environment:\n  - TRUST_PROXY: must be ${MEANING}, not "${raw}"`);
  }
  return { mode: "addresses", addresses };
}

/** Set Express's `trust proxy` to match (it decides req.ip and req.protocol). Throws on an address proxy-addr cannot read. */
export function applyTrustProxy(app: Express, trust: TrustProxy) {
  try {
    // Fly: its proxy is the one hop in front of the machine (X-Forwarded-Proto for req.protocol); the client's
    // address comes from Fly-Client-IP (clientIp below).
    app.set("trust proxy", trust.mode === "off" ? false : trust.mode === "fly" ? 1 : trust.addresses);
  } catch (error) {
    throw new Error(`Invalid environment:\n  - TRUST_PROXY: ${error instanceof Error ? error.message : String(error)}; it must be ${MEANING}`);
  }
}

/** The client's address as TRUST_PROXY allows it to be known ("unknown" when the socket has gone). */
export function clientIp(req: Request, trust: TrustProxy): string {
  if (trust.mode === "fly") {
    const fly = req.get("fly-client-ip");
    if (fly) return fly;
  }
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}
