/**
 * What the sandbox bank's contract tests share: the official SDK pointed at a bank, Plaid's error envelope as a
 * value, the status and body a rejected call came back with, and the usual set-ups (a linked item, a funded Ledger).
 * Test support only; nothing in the bank imports it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ACHClass, Configuration, PlaidApi, Products, TransferNetwork, TransferType, type TransferAuthorizationCreateRequest } from "plaid";

export const CLIENT_ID = "test-client";
export const SECRET = "test-secret";

export function sdk(url: string, clientId = CLIENT_ID, secret = SECRET, timeoutMs?: number) {
  return new PlaidApi(
    new Configuration({
      basePath: url,
      baseOptions: { headers: { "PLAID-CLIENT-ID": clientId, "PLAID-SECRET": secret }, ...(timeoutMs ? { timeout: timeoutMs } : {}) },
    }),
  );
}

/** Plaid's error envelope, as the bank answers it (request_id aside). */
export function plaidError(status: number, errorType: string, errorCode: string, errorMessage: string, displayMessage: string | null = null) {
  return {
    status,
    error_type: errorType,
    error_code: errorCode,
    error_message: errorMessage,
    display_message: displayMessage,
    causes: [],
    documentation_url: "https://plaid.com/docs/errors/",
    suggested_action: null,
  };
}

/** Plaid's error body as it is sent (a plaidError without `status`: Plaid puts it only in webhooks). */
export function errorBodyOf(error: ReturnType<typeof plaidError>) {
  const { status: _status, ...body } = error;
  return body;
}

export const invalidField = (message: string) => plaidError(400, "INVALID_REQUEST", "INVALID_FIELD", message);
export const missingFields = (...fields: string[]) =>
  plaidError(400, "INVALID_REQUEST", "MISSING_FIELDS", `the following required fields are missing: ${fields.join(", ")}`);

/**
 * What the SDK (axios) rejected with: the status and Plaid's error body, its request_id checked (15 characters) and
 * left out. Throws when the call did not fail, or failed without an answer.
 */
export async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const response = (error as { response?: { status: number; data: Record<string, unknown> } }).response;
    if (!response) throw error;
    const { request_id, ...body } = response.data;
    if (typeof request_id !== "string" || !/^[A-Za-z0-9]{15}$/.test(request_id)) throw new Error(`bad request_id ${String(request_id)}`);
    return { status: response.status, ...body };
  }
  throw new Error("expected the request to be rejected");
}

/** A user_custom login with one checking account holding `dollars` (available and current). */
export function customUser(dollars: number) {
  return JSON.stringify({ override_accounts: [{ type: "depository", subtype: "checking", starting_balance: dollars }] });
}

/** A linked item (public token created and exchanged): its access token, id and accounts. */
export async function linkItem(
  client: PlaidApi,
  options: { webhook?: string; institutionId?: string; password?: string; products?: Products[] } = {},
) {
  const { data: created } = await client.sandboxPublicTokenCreate({
    institution_id: options.institutionId ?? "ins_109508",
    initial_products: options.products ?? [Products.Auth, Products.Transfer],
    options: {
      ...(options.webhook ? { webhook: options.webhook } : {}),
      ...(options.password ? { override_username: "user_custom", override_password: options.password } : {}),
    },
  });
  const { data: exchanged } = await client.itemPublicTokenExchange({ public_token: created.public_token });
  const { data: accounts } = await client.accountsGet({ access_token: exchanged.access_token });
  const checking = accounts.accounts.find((account) => account.subtype === "checking")!;
  // user_good has both; a user_custom item may have no savings account (then this is undefined at run time).
  const savings = accounts.accounts.find((account) => account.subtype === "savings")!;
  return { accessToken: exchanged.access_token, itemId: exchanged.item_id, checking, savings, accounts: accounts.accounts };
}

/** An authorization request as the app sends it: `web` for a debit, `ppd` for a credit, over ACH. */
export function authorizationRequest(
  accessToken: string,
  accountId: string,
  amount: string,
  extra: Partial<TransferAuthorizationCreateRequest> = {},
): TransferAuthorizationCreateRequest {
  const type = extra.type ?? TransferType.Debit;
  return {
    access_token: accessToken,
    account_id: accountId,
    type,
    network: TransferNetwork.Ach,
    ach_class: type === TransferType.Debit ? ACHClass.Web : ACHClass.Ppd,
    amount,
    user: { legal_name: "Ada Lovelace" },
    ...extra,
  };
}

/** Authorizes and makes a transfer; returns its id. */
export async function makeTransfer(
  client: PlaidApi,
  item: { accessToken: string },
  accountId: string,
  amount: string,
  options: { type?: TransferType; description?: string; metadata?: Record<string, string> } = {},
) {
  const { data: auth } = await client.transferAuthorizationCreate(
    authorizationRequest(item.accessToken, accountId, amount, { type: options.type ?? TransferType.Debit }),
  );
  if (auth.authorization.decision !== "approved") {
    throw new Error(`authorization ${auth.authorization.decision}: ${auth.authorization.decision_rationale?.code ?? ""}`);
  }
  const { data } = await client.transferCreate({
    access_token: item.accessToken,
    account_id: accountId,
    authorization_id: auth.authorization.id,
    description: options.description ?? "Contrib",
    ...(options.metadata ? { metadata: options.metadata } : {}),
  });
  return data.transfer.id;
}

/** Walks a transfer through the simulator. */
export async function simulate(client: PlaidApi, transferId: string, ...events: string[]) {
  for (const event of events) await client.sandboxTransferSimulate({ transfer_id: transferId, event_type: event });
}

/** The sandbox bank's own late return (a settled transfer returned; not Plaid's simulator): the HTTP status and body. */
export async function lateReturn(bankUrl: string, transferId: string, failureCode = "R01") {
  const response = await fetch(`${bankUrl}/sandbox/transfer/late_return`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "PLAID-CLIENT-ID": CLIENT_ID, "PLAID-SECRET": SECRET },
    body: JSON.stringify({ transfer_id: transferId, failure_reason: { failure_code: failureCode } }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Puts `dollars` into the client's Ledger available balance: a debit from a rich account, collected to funds_available. */
export async function fundLedger(client: PlaidApi, dollars: number) {
  const rich = await linkItem(client, { password: customUser(dollars) });
  const transferId = await makeTransfer(client, rich, rich.checking.account_id, dollars.toFixed(2));
  await simulate(client, transferId, "posted", "settled", "funds_available");
}

/** The client's Ledger balances, as numbers of dollars. */
export async function ledger(client: PlaidApi) {
  const { data } = await client.transferLedgerGet({});
  return { available: Number(data.balance.available), pending: Number(data.balance.pending) };
}

/** An HTTP receiver for webhooks: what it got, and what it answers (200 unless told otherwise per delivery). */
export async function webhookReceiver(answer: (index: number) => number | "hang" = () => 200) {
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string; at: number }> = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const index = received.length;
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      const status = answer(index);
      if (status === "hang") hanging.add(response);
      else response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/plaid`,
    received,
    bodies: () => received.map((delivery) => JSON.parse(delivery.body) as Record<string, unknown>),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
