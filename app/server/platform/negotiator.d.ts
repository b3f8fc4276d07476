/** negotiator 1.x (jshttp; what Express's `accepts` uses): the codings of `available` the request accepts, best first. */
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encodings(available?: string[]): string[];
  }
}
