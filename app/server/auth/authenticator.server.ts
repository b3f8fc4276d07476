import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { User } from "../db/schema";
import { authenticate } from "./accounts.server";

export class InvalidCredentialsError extends Error {
  override name = "InvalidCredentialsError";
}

/**
 * remix-auth with the form strategy: the login action validates the form with Conform first (on a clone of the
 * request, since the strategy reads the body itself), then asks the authenticator for the user.
 */
export const authenticator = new Authenticator<User>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    const user = await authenticate(email, password);
    if (!user) throw new InvalidCredentialsError();
    return user;
  }),
  "form",
);
