/** Copy for the landing page (SPEC.md section 2, "/ landing"). */
import type { ExampleGroup } from "~/components/marketing/example-group-card";

export const HOW_IT_WORKS = [
  {
    title: "Form a group",
    body: "Invite 3 to 12 people you already trust: friends, family or colleagues. Together you agree on one contribution amount, a schedule and the payout order before anyone pays a cent.",
  },
  {
    title: "Make regular contributions",
    body: "Every member puts in the same amount on the same day each period, weekly, every two weeks or monthly. Contributions are collected automatically from each member's linked bank account.",
  },
  {
    title: "Take turns receiving the pot",
    body: "Each period one member receives the whole pot: the contribution times the number of members. The cycle ends when everyone has had exactly one turn.",
  },
] as const;

export const TRUST_POINTS = [
  {
    title: "Interest-free",
    body: "Nobody pays interest and nobody earns it. You receive exactly what the group puts in, whether your turn comes first or last.",
  },
  {
    title: "Sharia-compliant by design",
    body: "No riba, no hidden charges, no uncertainty about what you owe. Our only fee is a flat setup fee that is the same for every member.",
    link: { to: "/sharia", label: "How we approach Sharia compliance" },
  },
  {
    title: "Bank-level security",
    body: "Passwords are hashed with argon2id, sessions end after 30 minutes of inactivity, and bank connections go through our bank-linking provider. We never see your bank password.",
    link: { to: "/security", label: "Read about our security" },
  },
  {
    title: "Transparent payout order",
    body: "Every member sees the full schedule: who receives the pot, on which date, and how much. Random draws can be checked by any member.",
  },
] as const;

/**
 * The three example groups of SPEC.md section 2 with their stated figures. Where the spec gives only a cycle length,
 * the member count follows from it: a monthly group lasts one month per member, so a 10-month cycle has 10 members.
 */
export const EXAMPLE_GROUPS: ExampleGroup[] = [
  {
    id: "wedding",
    name: "Wedding fund",
    purpose: "Ten friends help each other pay for weddings, one couple at a time.",
    members: 10,
    contribution: 500,
    frequency: "bi-weekly",
    cycle: "5-month cycle",
  },
  {
    id: "business",
    name: "Business startup",
    purpose: "Colleagues pool savings so each can buy equipment or stock for a side business.",
    members: 10,
    contribution: 2000,
    frequency: "monthly",
    cycle: "10-month cycle",
    membersNote: "A 10-month monthly cycle means 10 members.",
  },
  {
    id: "education",
    name: "Education",
    purpose: "Parents take turns covering tuition, books or a laptop for the new school year.",
    members: 10,
    contribution: 200,
    frequency: "monthly",
    cycle: "10-month cycle",
    membersNote: "A 10-month monthly cycle means 10 members.",
  },
];
