import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy (set by server/app.ts). */
    cspNonce: string;
  }
}
