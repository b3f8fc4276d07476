import { redirect } from "react-router";

/** The register form's privacy link (SPEC.md section 2) points here; the page lives at /privacy. */
export function loader() {
  return redirect("/privacy", 301);
}
