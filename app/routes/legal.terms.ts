import { redirect } from "react-router";

/** The register form's terms link (SPEC.md section 2) points here; the page lives at /terms. */
export function loader() {
  return redirect("/terms", 301);
}
