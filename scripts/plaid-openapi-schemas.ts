/**
 * Extract, from Plaid's OpenAPI description (plaid/plaid-openapi, `2020-09-14.yml`), the response schemas of every
 * endpoint the app calls, and Plaid's error body, with every schema they reference: the official schemas the sandbox
 * bank's answers are checked against (sandbox/plaid/openapi.integration.test.ts, ADR 049). Written to
 * sandbox/plaid/openapi-responses.json so that the tests need neither the 3 MB description nor the network.
 *
 *   npx tsx scripts/plaid-openapi-schemas.ts path/to/2020-09-14.yml
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parse } from "yaml";

/** Every Plaid endpoint the app calls (app/server/**: plaidCall), in the order of the README's table. */
export const APP_ENDPOINTS = [
  "/user/create",
  "/link/token/create",
  "/link/token/get",
  "/item/public_token/exchange",
  "/accounts/get",
  "/accounts/balance/get",
  "/item/get",
  "/item/remove",
  "/webhook_verification_key/get",
  "/transfer/authorization/create",
  "/transfer/create",
  "/transfer/get",
  "/transfer/event/sync",
  "/transfer/cancel",
  "/sandbox/transfer/simulate",
] as const;

type Schema = Record<string, unknown>;

function refsIn(value: unknown, found: Set<string>) {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.add(inner.replace("#/components/schemas/", ""));
      else refsIn(inner, found);
    }
  }
}

/** Plaid's prose and examples are not schema: dropped to keep the file small. */
function withoutProse(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutProse);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !["description", "example", "examples", "externalDocs", "title", "deprecated"].includes(key) && !key.startsWith("x-"))
      .map(([key, inner]) => [
        key,
        key === "properties"
          ? Object.fromEntries(Object.entries(inner as Schema).map(([name, property]) => [name, withoutProse(property)]))
          : withoutProse(inner),
      ]),
  );
}

if (process.argv[1]?.endsWith("plaid-openapi-schemas.ts")) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: tsx scripts/plaid-openapi-schemas.ts path/to/2020-09-14.yml");
  const description = parse(readFileSync(file, "utf8"), { maxAliasCount: -1 }) as {
    info: { version: string };
    paths: Record<string, { post: { responses: Record<string, { content: { "application/json": { schema: { $ref: string } } } }> } }>;
    components: { schemas: Record<string, Schema> };
  };
  const responses: Record<string, string> = {};
  const wanted = new Set<string>(["PlaidError"]);
  for (const endpoint of APP_ENDPOINTS) {
    const ref = description.paths[endpoint]?.post.responses["200"]?.content["application/json"].schema.$ref;
    if (!ref) throw new Error(`no 200 response schema for ${endpoint}`);
    responses[endpoint] = ref.replace("#/components/schemas/", "");
    wanted.add(responses[endpoint]);
  }
  const schemas: Record<string, unknown> = {};
  const queue = [...wanted];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (name in schemas) continue;
    const schema = description.components.schemas[name];
    if (!schema) throw new Error(`no schema ${name}`);
    schemas[name] = withoutProse(schema);
    const found = new Set<string>();
    refsIn(schema, found);
    for (const next of found) if (!(next in schemas)) queue.push(next);
  }
  const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(
    new URL("../sandbox/plaid/openapi-responses.json", import.meta.url),
    `${JSON.stringify({ source: "plaid/plaid-openapi 2020-09-14.yml", version: description.info.version, responses, schemas: sorted }, null, 1)}\n`,
  );
  console.log(`${Object.keys(responses).length} endpoints, ${Object.keys(sorted).length} schemas (version ${description.info.version})`);
}
