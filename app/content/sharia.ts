/**
 * Copy for /sharia: how a Rosca group meets the main tests of Islamic finance. Plain data (paragraphs), so the page's
 * loader can hand the reader's language to the browser (Spanish: sharia.es-US.ts); `<0>…</0>` is the contact link.
 */
export type Principle = { id: string; term: string; title: string; body: string[] };

export const PRINCIPLES: Principle[] = [
  {
    id: "no-riba",
    term: "Riba (interest)",
    title: "No interest, in either direction",
    body: [
      "Riba is any predetermined increase on a loan or on an exchange of money for money. In a Rosca group, every member contributes the same total and receives the same total. A group of 10 contributing $500 each period pays out $5,000 per turn: each member puts in $5,000 over the cycle and receives $5,000 once.",
      "Members who receive the pot early are, in effect, given an interest-free loan by the group, which they repay at face value through their remaining contributions, in the spirit of qard hasan. Nobody is paid extra for waiting, and nobody pays extra for going first. Rosca does not lend money, does not pay interest on balances and does not invest contributions while they move between members.",
    ],
  },
  {
    id: "ujrah",
    term: "Ujrah (a fee for service)",
    title: "A flat fee for a real service",
    body: [
      "Islamic finance allows a known, fair payment for work done, called ujrah. Rosca's only charge is a flat group setup fee of $5-$10, disclosed before you create or join a group. It pays for what we do: collecting contributions, scheduling payouts, keeping the group's records and supporting members.",
      "The fee is not tied to time or position. It is the same for the member who receives the first payout and the member who receives the last, and it does not grow with the size of the pot or the length of the cycle. We do not auction turns or let members bid for an earlier payout, because a price for receiving money sooner would be interest under another name.",
    ],
  },
  {
    id: "no-gharar",
    term: "Gharar (uncertainty)",
    title: "No hidden uncertainty",
    body: [
      "Gharar is excessive uncertainty about what a contract obliges you to pay or entitles you to receive. Before a group starts, every member can see the contribution amount, the schedule, the number of members, the payout per turn, the length of the cycle and the fee. Nothing about the amounts is left to chance or to our discretion.",
    ],
  },
  {
    id: "transparent-order",
    term: "Adl (fairness)",
    title: "A transparent, fair payout order",
    body: [
      "The payout order is either fixed by the group admin, usually after members have discussed their needs, or drawn at random when the group starts. A random draw only decides the order, never the amount, and it can be checked: a fingerprint of the draw is published when the group is created, so any member can confirm afterwards that the order was not rearranged. Every member sees the full schedule, with recipient, date and amount for each turn.",
    ],
  },
];

/** The disclaimer's paragraphs; `<0>tell us</0>` links to /contact. */
export const SHARIA_DISCLAIMER: string[] = [
  "This page explains how Rosca is designed and why we believe it is consistent with the principles of Islamic finance. It is not a fatwa or a religious ruling, and Rosca does not currently hold a certification from a Sharia supervisory board.",
  "Scholars and schools differ on details, and your own situation may raise questions we have not covered. Please consult a scholar you trust before joining a group if you have any doubt. If something in how Rosca works concerns you, <0>tell us</0>: we take every such question seriously.",
];
