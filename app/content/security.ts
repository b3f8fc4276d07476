/**
 * Copy for /security. Every statement here describes what the code does (app/server/auth): change them together.
 * The bank-linking provider is never named in user-visible text.
 */

export const SECURITY_MEASURES = [
  {
    id: "passwords",
    title: "Passwords hashed with argon2id",
    body: "We never store your password. We store an argon2id hash of it, a slow, memory-hard algorithm designed to make guessing passwords from a stolen database impractical. Passwords must be at least 8 characters with upper- and lowercase letters and a number.",
  },
  {
    id: "sessions",
    title: "Server-side sessions with a 30-minute idle timeout",
    body: "When you log in, your browser receives a cookie holding only a random identifier; the session itself lives on our servers, so we can end it at any time. After 30 minutes without activity you are logged out, with a warning 5 minutes before. Session cookies cannot be read by scripts on the page.",
  },
  {
    id: "login-limits",
    title: "Rate-limited login",
    body: "Repeated failed logins are slowed down, both per account and per network address, so nobody can try password after password. Password reset requests are limited the same way, and reset links expire after 1 hour and work only once.",
  },
  {
    id: "bank",
    title: "Bank connections through our bank-linking provider",
    body: "You sign in to your bank on our bank-linking provider's secure screen, not on ours. Rosca never sees or stores your online banking username or password. The access tokens we receive are encrypted before they are stored, and we show only the last digits of your account number.",
  },
  {
    id: "access",
    title: "Least access, checked every time",
    body: "Every request that reads or changes your data checks who you are and whether you may do it, on the server. Group details are visible only to that group's members, and administrator tools are limited to a small number of staff.",
  },
  {
    id: "sandbox",
    title: "A sandbox during the demo phase",
    body: "While Rosca is in its demo phase, bank connections use a sandbox bank and no real money moves. The production system refuses to start if it is configured to use the sandbox.",
  },
] as const;

export const ACCOUNT_TIPS = [
  "Use a unique password for Rosca that you do not use anywhere else; a password manager makes this easy.",
  "Log out on shared or public computers.",
  "Rosca will never ask for your password, your bank login or a one-time code by email, phone or message.",
  "Check that the address bar shows our site before entering your password.",
  "If you notice activity you do not recognize, reset your password and contact us straight away.",
] as const;
