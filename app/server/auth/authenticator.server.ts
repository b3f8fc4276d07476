import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { User } from "../db/schema";
import { checkCredentials } from "./accounts.server";

export class InvalidCredentialsError extends Error {
  override name = "InvalidCredentialsError";
}

/** The right password for an account whose email is not confirmed yet (the login page offers a new link). */
export class EmailNotConfirmedError extends Error {
  override name = "EmailNotConfirmedError";
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
    const check = await checkCredentials(email, password);
    if (check.status === "unconfirmed") throw new EmailNotConfirmedError();
    if (check.status !== "ok") throw new InvalidCredentialsError();
    return check.user;
  }),
  "form",
);
