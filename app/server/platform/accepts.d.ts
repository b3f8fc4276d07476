/**
 * accepts 2.x (jshttp; Express's own content negotiation, negotiator 1.x inside): of the codings given, the best the
 * request accepts, or false.
 */
declare module "accepts" {
  type Accepts = { encoding(encodings: string[]): string | false };
  export default function accepts(request: { headers: Record<string, string | string[] | undefined> }): Accepts;
}
