/** Copy for /about. */

export const ABOUT_INTRO = [
  "Rotating savings circles are older than banks. Families from Mexico to Somalia, Ghana to the Philippines have used them for generations to buy homes, start businesses, pay tuition and celebrate weddings, without paying a cent of interest.",
  "Rosca brings that tradition online for US residents. You choose who you save with. We handle the schedule, the collections, the records and the reminders, so the circle can focus on what it is saving for.",
];

export const VALUES = [
  {
    title: "Fair to every member",
    body: "Everyone contributes the same and receives the same. Our only fee is a flat setup fee that does not change with your position in the payout order.",
  },
  {
    title: "Interest-free, always",
    body: "We do not charge interest, pay interest or lend money. That keeps Rosca open to people who avoid riba, and honest for everyone else.",
  },
  {
    title: "Transparent by default",
    body: "Every member can see the contribution amount, the schedule, the payout order and who has paid. Nothing important happens out of sight.",
  },
  {
    title: "Careful with your trust",
    body: "We protect accounts with strong password hashing, short sessions and encrypted bank connections, and we collect only the data we need to run your group.",
  },
] as const;

export const FACTS = [
  { label: "Members per group", value: "3 to 12" },
  { label: "Contribution per period", value: "$10 to $1,000" },
  { label: "Schedules", value: "Daily, weekly, bi-weekly or monthly" },
  { label: "Fees", value: "One flat setup fee of $5-$10" },
] as const;
