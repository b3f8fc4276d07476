/** Help Center content (SPEC.md section 1: FAQ accordion and three step guides). */

import type { FaqItem } from "~/components/marketing/faq-list";
import { defaultCoverParagraphs } from "~/domain/default-cover";

export const FAQ: FaqItem[] = [
  {
    id: "fees",
    question: "How much does Rosca cost?",
    answer: [
      "There is one fee: a flat group setup fee of $5-$10, shown before you create or join a group. It is the same for every member, whatever their payout position, and it does not depend on the size of the pot or the length of the cycle.",
      "There is no interest, no monthly subscription and no charge for receiving a payout. During the demo phase no real money moves, so no fee is actually collected.",
    ],
  },
  {
    id: "missed-payment",
    question: "What happens if someone misses a payment?",
    answer: [
      "Contributions are collected automatically from each member's linked bank account on the due date, and members are reminded beforehand. If a collection fails, we tell the member and the group admin straight away so it can be put right quickly.",
      // The rules the money engine applies, in the same words as the group and join pages (app/domain/default-cover.ts).
      ...defaultCoverParagraphs(),
      "Before you start, agree as a group how you will handle a member who falls behind; our blog has tips for that conversation.",
    ],
  },
  {
    id: "security",
    question: "Is my money and personal information safe?",
    answer: [
      "Bank accounts are connected through our bank-linking provider: you sign in to your bank on the provider's screen, and Rosca never sees or stores your bank password. The access tokens we receive are encrypted before they are stored.",
      "Your Rosca password is hashed with argon2id, sessions end after 30 minutes of inactivity, and repeated failed logins are rate-limited. Read our Security page for the details.",
    ],
  },
  {
    id: "eligibility",
    question: "Who can use Rosca?",
    answer: [
      "Rosca is open to US residents aged 18 or older. You need your own account, and to join or create a group you need a bank account in your own name that you can connect.",
    ],
  },
  {
    id: "demo-phase",
    question: "Is this real money? What does the demo phase mean?",
    answer: [
      "Not yet. Rosca is in a demo phase: bank connections use a sandbox bank, and no real money moves. You can create an account, explore the dashboard and try out groups with test bank accounts.",
      "Linking a bank and creating or joining groups require sandbox access, which an administrator grants. Request it from your dashboard; requests are reviewed within 24 hours.",
    ],
  },
  {
    id: "payout-order",
    question: "How is the payout order decided?",
    answer: [
      "The person who creates a group chooses either a fixed order, set by the group admin, or a random draw made when the group starts. Every member sees the full schedule, with recipient, date and amount for each turn, before the first contribution.",
      "Each payout equals the contribution times the number of members, and every member receives it exactly once per cycle.",
    ],
  },
  {
    id: "leaving",
    question: "Can I leave a group?",
    answer: [
      "Before a group starts, yes: you can decline an invitation or step out while the group is still forming, without any charge.",
      "Once a group has started, other members are counting on your contributions, and if you have already received the pot you owe the group your remaining contributions. If your circumstances change, contact your group admin and our support team as early as possible so we can help the group find a fair solution.",
    ],
  },
  {
    id: "group-size",
    question: "How big can a group be, and how much can we contribute?",
    answer: [
      "A group has 3 to 12 members, including the person who creates it. Contributions are whole dollar amounts from $10 to $1,000 per period, collected daily, weekly, every two weeks or monthly.",
    ],
  },
  {
    id: "contact-support",
    question: "How do I contact support?",
    answer: ["Use the contact form and choose the topic closest to your question. Our support team replies within 24 hours."],
  },
];

export type Guide = { id: string; title: string; summary: string; steps: string[] };

export const GUIDES: Guide[] = [
  {
    id: "getting-started",
    title: "Getting started",
    summary: "From sign-up to a ready-to-use account in a few minutes.",
    steps: [
      "Select Sign Up and enter your full name, email address and a password of at least 8 characters with an uppercase letter, a lowercase letter and a number.",
      "Accept the Terms of Service and Privacy Policy, then open the confirmation email we send you and follow its link.",
      "Log in and complete your profile: phone number, address and date of birth.",
      "From your dashboard, request sandbox access. An administrator reviews requests within 24 hours.",
      "Once access is granted, link a bank account through our bank-linking provider. In the demo phase this is a sandbox bank with test accounts.",
    ],
  },
  {
    id: "creating-a-group",
    title: "Creating a group",
    summary: "Set the amount, the schedule and the payout order, then invite your members.",
    steps: [
      "On your dashboard, select Create New Group.",
      "Name the group and choose the number of members (3 to 12, including you) and the contribution ($10 to $1,000 in whole dollars).",
      "Choose how often members contribute: daily, weekly, bi-weekly or monthly, and on which day.",
      "Choose the payout order: Fixed Order, set by you as admin, or Random Draw at the start of the cycle. Check the summary of the payout per turn and the length of the cycle.",
      "Select Next: Invite Members, enter one email address per invitee, and select Create Group. The group starts once everyone has joined.",
    ],
  },
  {
    id: "joining-a-group",
    title: "Joining a group",
    summary: "Accept an invitation and get ready for your first contribution.",
    steps: [
      "Open the invitation link a group admin sent you, and log in or create an account.",
      "Review the invitation: admin, members, contribution, first payment date, your position and the total payout.",
      "Read the terms of the group, tick the box to accept them and select Accept and Join.",
      "If you have not linked a bank account yet, connect one when prompted.",
      "You will see the group's schedule on its page. Your first contribution is collected on the first due date.",
    ],
  },
];
