/** tests/support/fresh-file.ts' environment reset (ADR 060 part seven (o)): pure, unit-tested beside. */

/** Make `env` what `start` was: names added since removed, names changed or removed since put back. */
export function restoreEnvironment(env: Record<string, string | undefined>, start: Readonly<Record<string, string | undefined>>) {
  for (const name of Object.keys(env)) if (!Object.hasOwn(start, name)) delete env[name];
  for (const [name, value] of Object.entries(start)) if (value !== undefined) env[name] = value;
}
