import { redirect } from "react-router";

/** Any unknown path goes to the landing page (SPEC.md section 2). */
export function loader() {
  return redirect("/");
}

export function action() {
  return redirect("/");
}
