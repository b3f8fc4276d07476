/**
 * The Plaid SDK's HTTP transport (ADR 054, part six (l)): an axios adapter that sends each request with one
 * `http.request` over the client's keep-alive agent and hands the answer back to axios, which parses and settles it
 * as before. The SDK still builds every request (paths, headers, the JSON body) and axios still runs its request
 * pipeline and its response transform; only the wire is ours. axios's own Node adapter cost a money worker about
 * 0.5 ms of CPU per call (a stream piped per body, header objects normalised twice, a proxy lookup in the environment,
 * `setKeepAlive` per request): two calls per debit made it a third of the worker's CPU on the due date.
 *
 * What axios's adapter did that Plaid's calls need is kept: the whole-request timeout (`ECONNABORTED`, as axios names
 * it), a failed connection rejected with its code and no response, a non-2xx answer rejected with its status and body
 * (`toBankFailure` reads those), compressed answers inflated. Anything else (a stream or form body, an abort signal, a
 * proxy) goes to axios's own adapter, `fallback`.
 */
import http from "node:http";
import https from "node:https";
import zlib from "node:zlib";

/** The parts of axios's request config this adapter reads (axios is the SDK's dependency, not ours). */
export type AdapterConfig = {
  url?: string;
  baseURL?: string;
  method?: string;
  data?: unknown;
  headers?: { toJSON?: () => Record<string, unknown> } & Record<string, unknown>;
  timeout?: number;
  httpAgent?: http.Agent;
  httpsAgent?: https.Agent;
  validateStatus?: ((status: number) => boolean) | null;
  signal?: unknown;
  cancelToken?: unknown;
  socketPath?: string | null;
  params?: unknown;
  proxy?: unknown;
  auth?: unknown;
  transitional?: { clarifyTimeoutError?: boolean };
};

export type AdapterResponse = {
  data: string;
  status: number;
  statusText: string;
  headers: http.IncomingHttpHeaders;
  config: AdapterConfig;
  request: http.ClientRequest;
};

type Adapter = (config: AdapterConfig) => Promise<AdapterResponse>;

/** An error as axios makes them (`isAxiosError`, `code`, `config`, `request`, `response`). */
function axiosError(message: string, code: string | undefined, config: AdapterConfig, request?: http.ClientRequest, response?: AdapterResponse) {
  return Object.assign(new Error(message), { name: "AxiosError", isAxiosError: true, code, config, request, response });
}

function headerValues(config: AdapterConfig, length: number | null) {
  const source = typeof config.headers?.toJSON === "function" ? config.headers.toJSON() : (config.headers ?? {});
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined || value === null || value === false) continue;
    headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  if (length !== null) headers["Content-Length"] = String(length);
  return headers;
}

function inflate(body: Buffer, encoding: string | undefined) {
  switch (encoding?.toLowerCase()) {
    case undefined:
    case "":
    case "identity":
      return body;
    case "gzip":
    case "x-gzip":
      return zlib.gunzipSync(body);
    case "deflate":
      return zlib.inflateSync(body);
    case "br":
      return zlib.brotliDecompressSync(body);
    default:
      throw new Error(`The bank answered with an unknown content encoding: ${encoding}`);
  }
}

/**
 * The adapter, given axios's own (`fallback`) for what it does not handle. A request it takes is sent with its body in
 * the same write as its headers; the answer comes back as text for axios's response transform to parse.
 */
export function plaidTransport(fallback: Adapter): Adapter {
  return (config) => {
    const body = config.data;
    const plain = body === undefined || body === null || typeof body === "string" || Buffer.isBuffer(body);
    if (
      !plain ||
      config.signal ||
      config.cancelToken ||
      config.socketPath ||
      config.params ||
      config.auth ||
      (config.proxy !== undefined && config.proxy !== false)
    ) {
      return fallback(config);
    }
    const target = new URL(config.baseURL && !/^https?:/i.test(config.url ?? "") ? `${config.baseURL}${config.url ?? ""}` : (config.url ?? ""));
    const secure = target.protocol === "https:";
    if (!secure && target.protocol !== "http:") return fallback(config);
    const payload = body === undefined || body === null ? null : (body as string | Buffer);
    const headers = headerValues(config, payload === null ? null : Buffer.byteLength(payload));
    return new Promise<AdapterResponse>((resolve, reject) => {
      let done = false;
      let timer: NodeJS.Timeout | undefined;
      const finish = (error: Error | null, response?: AdapterResponse) => {
        if (done) return;
        done = true;
        if (timer) clearTimeout(timer);
        if (error) reject(error);
        else resolve(response!);
      };
      const options: http.RequestOptions = {
        protocol: target.protocol,
        hostname: target.hostname.startsWith("[") ? target.hostname.slice(1, -1) : target.hostname,
        port: target.port || undefined,
        path: target.pathname + target.search,
        method: (config.method ?? "get").toUpperCase(),
        headers,
        agent: secure ? config.httpsAgent : config.httpAgent,
      };
      const request = (secure ? https : http).request(options, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("error", (error) => finish(axiosError(error.message, (error as NodeJS.ErrnoException).code, config, request)));
        incoming.on("end", () => {
          let text: string;
          try {
            text = inflate(Buffer.concat(chunks), incoming.headers["content-encoding"]).toString("utf8");
          } catch (error) {
            finish(axiosError(error instanceof Error ? error.message : String(error), "ERR_BAD_RESPONSE", config, request));
            return;
          }
          const status = incoming.statusCode ?? 0;
          const response: AdapterResponse = {
            data: text,
            status,
            statusText: incoming.statusMessage ?? "",
            headers: incoming.headers,
            config,
            request,
          };
          if (!config.validateStatus || config.validateStatus(status)) finish(null, response);
          else {
            const code = status >= 400 && status < 500 ? "ERR_BAD_REQUEST" : "ERR_BAD_RESPONSE";
            finish(axiosError(`Request failed with status code ${status}`, code, config, request, response));
          }
        });
      });
      request.on("error", (error: NodeJS.ErrnoException) => finish(axiosError(error.message, error.code, config, request)));
      if (config.timeout && config.timeout > 0) {
        const timeout = config.timeout;
        timer = setTimeout(() => {
          const code = config.transitional?.clarifyTimeoutError ? "ETIMEDOUT" : "ECONNABORTED";
          finish(axiosError(`timeout of ${timeout}ms exceeded`, code, config, request));
          request.destroy();
        }, timeout);
      }
      if (payload === null) request.end();
      else request.end(payload);
    });
  };
}
