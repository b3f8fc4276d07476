/**
 * Call route loaders and actions the way React Router does, with real Requests, and read back what they returned
 * (data() results, redirects, thrown responses) in one shape.
 */
import type { RouterContextProvider } from "react-router";
import { requestContext } from "../../app/server/platform/request-context.server";

export const BASE = "http://localhost:3000";

export type RouteResult = {
  status: number;
  location: string | null;
  setCookies: string[];
  data: any;
};

type HandlerArgs = { request: Request; params: Record<string, string>; context: RouterContextProvider; url: URL; pattern: string };
// Route modules type their own args more narrowly (typegen); any handler taking these arguments will do.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handler = (args: any) => unknown;

/** The context host/app.ts hands every loader and action (app/server/platform/request-context.server.ts). */
export function context(clientIp = "203.0.113.7"): RouterContextProvider {
  return requestContext({ cspNonce: "test-nonce", clientIp });
}

async function normalise(value: unknown): Promise<RouteResult> {
  if (value instanceof Response) {
    const type = value.headers.get("content-type") ?? "";
    return {
      status: value.status,
      location: value.headers.get("location"),
      setCookies: value.headers.getSetCookie(),
      data: type.includes("json") ? await value.json() : null,
    };
  }
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: unknown; init?: ResponseInit | null };
    const headers = new Headers(init?.headers);
    return { status: init?.status ?? 200, location: headers.get("location"), setCookies: headers.getSetCookie(), data };
  }
  return { status: 200, location: null, setCookies: [], data: value };
}

export async function call(handler: Handler, request: Request, params: Record<string, string> = {}, ctx = context()) {
  try {
    const args: HandlerArgs = { request, params, context: ctx, url: new URL(request.url), pattern: "" };
    return await normalise(await handler(args));
  } catch (thrown) {
    if (thrown instanceof Response || (thrown as { type?: string })?.type === "DataWithResponseInit") return normalise(thrown);
    throw thrown;
  }
}

/** A browser-ish cookie jar: keeps name=value pairs from Set-Cookie, drops expired ones. */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(setCookies: string[]) {
    for (const header of setCookies) {
      const [pair, ...attributes] = header.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /max-age=0/i.test(attribute) || /expires=Thu, 01 Jan 1970/i.test(attribute));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export function get(path: string, jar?: CookieJar) {
  return new Request(`${BASE}${path}`, { headers: jar ? { Cookie: jar.header() } : {} });
}

export function post(path: string, fields: Record<string, string>, jar?: CookieJar) {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(jar ? { Cookie: jar.header() } : {}) },
  });
}
