/**
 * Bank linking's words (the sandbox Link modal, ADR 056 part four (f)). English exactly as the pages wrote it before;
 * Spanish in bank.es-US.ts. Spread into the page catalogue (en-US.ts).
 */
export const BANK_MESSAGES = {
  "bank.modal.login": "Log in to {name}",
  "bank.modal.choose": "Choose accounts",
  "bank.modal.reconnect": "Reconnect your bank",
  "bank.modal.connect": "Connect a bank",
  "bank.modal.close": "Close",
  "bank.modal.sandbox": "Sandbox bank: no real money moves. Use user_good / pass_good.",
  "bank.modal.loading": "Connecting to the bank-linking provider…",
  "bank.modal.retry": "Retry",
  "bank.modal.unavailable": "Unable to load the bank-linking provider. Please try again.",
  "bank.modal.cancelled": "Bank Linking Cancelled",
  "bank.modal.username": "Username",
  "bank.modal.password": "Password",
  "bank.modal.loggingIn": "Logging in…",
  "bank.modal.submit": "Submit",
  "bank.modal.share": "Share these accounts with Rosca:",
  "bank.modal.continue": "Continue",
  "bank.modal.reconnecting": "Reconnecting {name}…",
  "bank.modal.connecting": "Connecting your {name} accounts…",
  // The bank-linking provider's errors by their code (Plaid's display messages, sandbox/plaid/wire.ts LOGIN_ERRORS), and
  // the kind of an account it lists.
  "bank.modal.error.INVALID_CREDENTIALS": "The provided credentials were not correct. Please try again.",
  "bank.modal.error.INVALID_MFA": "The provided MFA responses were not correct. Please try again.",
  "bank.modal.error.ITEM_LOCKED": "The given credentials belong to a locked account. Please reset your credentials with your financial institution.",
  "bank.modal.error.ITEM_NOT_SUPPORTED": "Connecting this account is not currently supported.",
  "bank.modal.error.USER_SETUP_REQUIRED": "The given account requires you to take an action with your financial institution.",
  "bank.modal.error.NO_ACCOUNTS": "No valid accounts were found at the financial institution.",
  "bank.modal.error.INSTITUTION_DOWN": "This financial institution is not currently available. Please try again later.",
  "bank.modal.subtype": "{subtype, select, checking {checking} savings {savings} other {{subtype}}}",
  "bank.modal.wrong": "Something went wrong.",
  // Plaid Link's button (real Plaid, JavaScript only).
  "bank.plaid.scriptFailed": "Unable to load the bank-linking provider. Please refresh the page and try again.",
  "bank.plaid.ended": "The bank connection ended before it finished. Please try again.",
  "bank.plaid.connecting": "Connecting your bank accounts…",
} as const;
