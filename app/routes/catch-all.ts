import { redirect } from "react-router";
import { readForm } from "~/server/platform/request-body.server";

/** Any unknown path goes to the landing page (SPEC.md section 2). */
export function loader() {
  return redirect("/");
}

/** A post to an unknown path goes there too, once its body has proved readable (request-body.server.ts). */
export async function action({ request }: { request: Request }) {
  await readForm(request);
  return redirect("/");
}
