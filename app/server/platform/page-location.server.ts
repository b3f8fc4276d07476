/**
 * The address a request's page is on, as the browser shows it (pathname and search).
 *
 * React Router passes loaders and actions the raw HTTP request (future.v8_passThroughRequests, ADR 027), so a
 * client-side navigation's fetch arrives as `/dashboard.data?_routes=…` and the landing's as `/_root.data`. Anything
 * that sends the user back to "this page" (the login's redirectTo) reads the address from here instead of request.url.
 * The rules are React Router's own for data requests (no basename, no trailing-slash-aware data URLs); the `index`
 * marker a form posts to an index route with stays.
 */
export function pageLocation(request: Request): string {
  const url = new URL(request.url);
  let pathname = url.pathname;
  if (pathname === "/_root.data") pathname = "/";
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  if (pathname !== "/" && pathname.endsWith("/")) pathname = pathname.slice(0, -1);
  // The search as the browser sent it, unless React Router added its own parameter (then re-serialized without it).
  if (url.searchParams.has("_routes")) url.searchParams.delete("_routes");
  return pathname + url.search;
}
