/** on-headers 1.x (jshttp; what compression uses): runs `listener` once, just before the response's headers are written. */
declare module "on-headers" {
  import type { ServerResponse } from "node:http";
  export default function onHeaders<T extends ServerResponse>(res: T, listener: (this: T) => void): void;
}
