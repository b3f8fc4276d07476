/**
 * The page shell: a layout route without a URL of its own, around every route of app/routes.ts, holding the error
 * page. Why it exists: when an action throws (a malformed form post, say), React Router runs the loaders only of the
 * routes above the boundary that catches it. With the boundary on root, root's loader did not run, so the error page
 * showed the signed-out header to a signed-in member (issue 33). With the boundary here, root's loader runs and the
 * header, the demo banner and the toasts stay as they were.
 */
import { Outlet } from "react-router";
import { ErrorPage } from "~/components/error-page";
import type { Route } from "./+types/_shell";

export default function Shell() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
