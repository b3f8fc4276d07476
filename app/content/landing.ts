/** The landing page's structure (SPEC.md section 2, "/ landing"); its words are in the catalogues (ADR 056). */
import type { MessageId } from "~/domain/messages/en-US";

export const HOW_IT_WORKS = [
  { title: "home.how.form.title", body: "home.how.form.body" },
  { title: "home.how.contribute.title", body: "home.how.contribute.body" },
  { title: "home.how.receive.title", body: "home.how.receive.body" },
] as const satisfies ReadonlyArray<{ title: MessageId; body: MessageId }>;

export const TRUST_POINTS = [
  { title: "home.trust.interest.title", body: "home.trust.interest.body" },
  { title: "home.trust.sharia.title", body: "home.trust.sharia.body", link: { to: "/sharia", label: "home.trust.sharia.link" } },
  { title: "home.trust.security.title", body: "home.trust.security.body", link: { to: "/security", label: "home.trust.security.link" } },
  { title: "home.trust.order.title", body: "home.trust.order.body" },
] as const satisfies ReadonlyArray<{ title: MessageId; body: MessageId; link?: { to: string; label: MessageId } }>;

/**
 * The three example groups of SPEC.md section 2 with their stated figures. Where the spec gives only a cycle length,
 * the member count follows from it: a monthly group lasts one month per member, so a 10-month cycle has 10 members.
 */
export const EXAMPLE_GROUPS = [
  {
    id: "wedding",
    name: "home.example.wedding.name",
    purpose: "home.example.wedding.purpose",
    members: 10,
    contribution: 500,
    frequency: "home.example.biweekly",
    cycleMonths: 5,
    explainMembers: false,
  },
  {
    id: "business",
    name: "home.example.business.name",
    purpose: "home.example.business.purpose",
    members: 10,
    contribution: 2000,
    frequency: "home.example.monthly",
    cycleMonths: 10,
    explainMembers: true,
  },
  {
    id: "education",
    name: "home.example.education.name",
    purpose: "home.example.education.purpose",
    members: 10,
    contribution: 200,
    frequency: "home.example.monthly",
    cycleMonths: 10,
    explainMembers: true,
  },
] as const satisfies ReadonlyArray<{
  id: string;
  name: MessageId;
  purpose: MessageId;
  members: number;
  contribution: number;
  frequency: MessageId;
  cycleMonths: number;
  explainMembers: boolean;
}>;
