/**
 * Faults on demand, for tests of how the app copes with a bank that misbehaves the way Plaid can (README, "Faults"):
 *
 *   500         answer 500 INTERNAL_SERVER_ERROR without doing anything
 *   500_after   do the work (e.g. make the transfer), then answer 500 as if it had failed
 *   timeout     do the work, then answer only after `delay_ms` (15 s by default: longer than a 10 s client timeout)
 *   rate_limit  answer 429 RATE_LIMIT_EXCEEDED with `error_code` (the endpoint's own by default) without doing anything
 *
 * Two ways in: a request header `Plaid-Sandbox-Fault: <fault>[; status=…][; error_code=…][; delay_ms=…]` for that one
 * request (tests that call the bank directly), and rules set with POST /sandbox/faults/set (tests that drive the app):
 * each rule applies to the next `times` requests to its endpoint, in the order the rules were given.
 */
import { type FaultRuleRequest, type FAULT_KINDS, faultRuleSchema, schemaFailure, withoutNulls } from "./contract";
import { type PlaidFailure, plaidErrors, rateLimitCodeFor } from "./wire";

export type FaultKind = (typeof FAULT_KINDS)[number];
export type Fault = { fault: FaultKind; status?: number; errorCode?: string; delayMs?: number };

export const DEFAULT_TIMEOUT_DELAY_MS = 15_000;

function toFault(rule: FaultRuleRequest): Fault {
  return { fault: rule.fault, status: rule.status, errorCode: rule.error_code, delayMs: rule.delay_ms };
}

/** The rules set through /sandbox/faults/set, consumed request by request. In memory: a restart clears them. */
export class FaultRules {
  private rules: Array<{ endpoint: string; remaining: number; fault: Fault }> = [];

  /** Replaces every rule (an empty list clears them). Endpoints must be ones the bank serves. */
  set(rules: FaultRuleRequest[], knownEndpoints: readonly string[]) {
    for (const [index, rule] of rules.entries()) {
      if (!knownEndpoints.includes(rule.endpoint) || rule.endpoint === "/sandbox/faults/set") {
        throw plaidErrors.invalidField(`rules[${index}].endpoint must be an endpoint of the sandbox bank, got ${rule.endpoint}`);
      }
    }
    this.rules = rules.map((rule) => ({ endpoint: rule.endpoint, remaining: rule.times ?? 1, fault: toFault(rule) }));
  }

  /** The fault for this request to `endpoint`, if a rule has one left (and one fewer left afterwards). */
  take(endpoint: string): Fault | null {
    const rule = this.rules.find((candidate) => candidate.endpoint === endpoint && candidate.remaining > 0);
    if (!rule) return null;
    rule.remaining -= 1;
    if (rule.remaining === 0) this.rules = this.rules.filter((candidate) => candidate !== rule);
    return rule.fault;
  }
}

/** Parses `Plaid-Sandbox-Fault: timeout; delay_ms=12000`; a malformed header is refused like a malformed body. */
export function parseFaultHeader(header: string): Fault {
  const [kind, ...parameters] = header.split(";").map((part) => part.trim());
  const rule: Record<string, unknown> = { endpoint: "/header", fault: kind };
  for (const parameter of parameters) {
    const [name, value] = parameter.split("=").map((part) => part.trim());
    if (!name || value === undefined) throw plaidErrors.invalidField(`Plaid-Sandbox-Fault parameter "${parameter}" must be name=value`);
    rule[name] = name === "error_code" ? value : Number(value);
  }
  const parsed = faultRuleSchema.safeParse(withoutNulls(rule));
  if (!parsed.success) {
    const failure = schemaFailure(parsed.error.issues, rule);
    throw plaidErrors.invalidField(`Plaid-Sandbox-Fault: ${failure.message}`);
  }
  return toFault(parsed.data);
}

/** The failure a fault answers with instead of the endpoint's own answer. */
export function faultFailure(fault: Fault, endpoint: string): PlaidFailure {
  if (fault.fault === "rate_limit") return plaidErrors.rateLimit(fault.errorCode ?? rateLimitCodeFor(endpoint));
  return plaidErrors.internal(fault.status ?? 500);
}
