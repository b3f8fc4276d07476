import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy (set by host/app.ts). */
    cspNonce: string;
    /** The client's IP as the proxy in front of us reports it (Express `req.ip`, trusting one hop). */
    clientIp: string;
  }
}
