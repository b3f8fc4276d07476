/**
 * The address a request's page is on, as the browser shows it (pathname and search).
 *
 * React Router passes loaders and actions the raw HTTP request (always since React Router 8; ADR 027), so a
 * client-side navigation's fetch arrives as `/dashboard.data?_routes=…`, and one for an address ending in a slash (the
 * landing's `/` among them) as `…/_.data` (React Router 8's trailing-slash-aware data URLs; 7 sent `/_root.data`).
 * Anything that sends the user back to "this page" (the login's redirectTo) reads the address from here instead of
 * request.url. The rules are React Router's own for data requests (its getNormalizedPath; no basename here); the
 * `index` marker a form posts to an index route with stays.
 */
export function pageLocation(request: Request): string {
  const url = new URL(request.url);
  let pathname = pagePath(url.pathname);
  if (pathname !== "/" && pathname.endsWith("/")) pathname = pathname.slice(0, -1);
  // The search as the browser sent it, unless React Router added its own parameter (then re-serialized without it).
  if (url.searchParams.has("_routes")) url.searchParams.delete("_routes");
  return pathname + url.search;
}

/** The page a request's pathname is for: a data request's `.data` or `/_.data` suffix removed (host/request-log.ts too). */
export function pagePath(pathname: string): string {
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  if (pathname.endsWith(".data")) return pathname.slice(0, -".data".length);
  return pathname;
}
