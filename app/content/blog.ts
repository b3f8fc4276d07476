/**
 * The four sample articles of the blog (SPEC.md section 1). Bodies are structured blocks rather than HTML strings,
 * so nothing is injected with dangerouslySetInnerHTML and headings stay in order under the page's h1.
 */
import type { Block } from "~/components/marketing/article-body";
import { formatDate } from "~/domain/format";
import type { Locale } from "~/domain/locale";

export type Article = {
  id: string;
  title: string;
  /** Calendar day of publication, ISO format. */
  publishedOn: string;
  author: string;
  excerpt: string;
  readingMinutes: number;
  body: Block[];
};

export const ARTICLES: Article[] = [
  {
    id: "what-is-a-rosca",
    title: "What Is a ROSCA? The Savings Circle Found All Over the World",
    publishedOn: "2026-09-15",
    author: "The Rosca Team",
    excerpt:
      "Tandas, susus, hagbad, chit funds, paluwagan, hui: people on every continent have pooled their savings in rotating circles for generations. Here is how they work and why they last.",
    readingMinutes: 4,
    body: [
      {
        kind: "p",
        text: "A rotating savings and credit association, or ROSCA, is one of the simplest financial arrangements there is. A group of people agree to contribute the same amount on a regular schedule. Each period, the whole pot goes to one member. The group keeps going until everyone has received the pot exactly once, and then it ends, or starts again.",
      },
      {
        kind: "p",
        text: "Take ten friends who each put in $500 every two weeks. Each payout is $5,000. Over the cycle, every member pays in $5,000 and receives $5,000. Nobody earns interest and nobody pays it. What changes is timing: the first person gets a lump sum straight away, the last person gets a disciplined savings plan, and everyone in between gets a bit of both.",
      },
      { kind: "h2", text: "Many names, one idea" },
      {
        kind: "p",
        text: "Economists and anthropologists have studied rotating savings groups since at least the 1960s, and they keep finding the same pattern in places that had no contact with each other. A few of the names you may have heard:",
      },
      {
        kind: "ul",
        items: [
          "Tanda or cundina in Mexico and across Latin America, often organized among coworkers or extended family.",
          "Susu in Ghana and much of West Africa, and sou-sou, partner or box hand in the Caribbean and its diaspora.",
          "Hagbad or ayuuto among Somali communities, frequently run by women and used to pay for school fees, weddings and business stock.",
          "Chit funds in India, some informal and some run by registered companies under national law.",
          "Paluwagan in the Philippines, common among office workers who contribute each payday.",
          "Hui among Chinese communities at home and abroad, and hụi among Vietnamese families.",
          "Equb in Ethiopia, gam'eya in Egypt, stokvel in South Africa and gye in Korea.",
        ],
      },
      {
        kind: "p",
        text: "The details differ. Some groups meet in person and hand over cash; some decide the order by drawing lots; some, like many chit funds, auction each pot so that a member who wants money early accepts less of it. But the core is always the same: people who know each other replace a bank loan or a savings account with a promise to one another.",
      },
      { kind: "h2", text: "Why people choose a circle over a bank" },
      {
        kind: "p",
        text: "For a lot of families, the answer starts with access. A ROSCA needs no credit score, no collateral and no minimum balance. It is also a commitment device: it is much easier to set money aside when ten people are counting on you than when the only person you would let down is your future self.",
      },
      {
        kind: "p",
        text: "For others it is about values. A circle is interest-free, which matters to Muslims avoiding riba and to anyone who would rather not pay a lender for access to their own community's money. And it keeps wealth circulating among people who know each other instead of flowing out as fees.",
      },
      { kind: "h2", text: "The weak spot: trust and bookkeeping" },
      {
        kind: "p",
        text: "Traditional circles depend on an organizer who keeps the ledger, chases late payments and sometimes holds cash. That works well until someone moves away, a notebook goes missing or two members remember the order differently. When a circle falls apart, the cause is far more often a misunderstanding than bad intent.",
      },
      {
        kind: "p",
        text: "Rosca keeps the tradition and takes over the bookkeeping. Contributions are collected from linked bank accounts on the agreed day, every member can see the payout schedule, and the only cost is a flat setup fee that is the same for every member. You still choose who you save with. We just make sure the promise is easy to keep.",
      },
    ],
  },
  {
    id: "choosing-your-payout-position",
    title: "How to Pick Your Payout Position, and Why the Fee Is the Same for Every Turn",
    publishedOn: "2026-10-06",
    author: "Rosca Member Support",
    excerpt:
      "Going first feels like a loan; going last feels like a savings account. Here is how to decide which turn suits you, and why Rosca never charges more for an early payout.",
    readingMinutes: 4,
    body: [
      {
        kind: "p",
        text: "In every rotating savings group, each member receives the same pot exactly once. The only thing that differs between members is when. That single variable turns out to matter a great deal, so it is worth thinking about before you join.",
      },
      { kind: "h2", text: "What an early turn gives you" },
      {
        kind: "p",
        text: "If you receive the pot in the first period or two, you get a large sum long before you could have saved it yourself. In effect the rest of the group lends you money, interest-free, and you repay it through your remaining contributions. An early turn suits someone with a dated expense: a deposit on an apartment, a wedding next spring, a tuition bill due in August.",
      },
      {
        kind: "p",
        text: "The trade-off is responsibility. Once you have received the pot, you owe the group every remaining contribution. Before choosing an early position, be honest with yourself about whether your income will stay steady for the rest of the cycle.",
      },
      { kind: "h2", text: "What a late turn gives you" },
      {
        kind: "p",
        text: "A late turn works like a savings plan with a fixed end date. You pay in steadily and receive a lump sum at the end. It suits people building an emergency fund, saving for a purchase without a deadline, or who simply want the structure of a group to keep them on track. Late positions also carry less pressure: by the time you receive the pot, you have already paid everything you owe.",
      },
      { kind: "h2", text: "Fixed order or random draw?" },
      {
        kind: "p",
        text: "When you create a group on Rosca, you choose how the order is set. With a fixed order, the group admin arranges the turns, usually after members have said what they need. This works well when someone has a clear, dated reason to go early. With a random draw, the order is drawn when the group starts. This is the fairest choice when nobody has a strong preference, or when you would rather not have the conversation. Rosca publishes a fingerprint of the draw in advance, so any member can check afterwards that it was not rearranged.",
      },
      {
        kind: "p",
        text: "Either way, every member sees the full schedule before the first contribution: position, recipient, date and amount.",
      },
      { kind: "h2", text: "Why every position pays the same fee" },
      {
        kind: "p",
        text: "Some traditional circles, and many chit funds, let members bid for early turns or charge more for them. It can seem logical: an early payout is worth more to the person who receives it. But the moment the price depends on how long you hold the money, the arrangement starts to charge for time, and that is interest under another name.",
      },
      {
        kind: "p",
        text: "Rosca charges one flat group setup fee, between $5 and $10, shown before you join. It pays for the service we provide: collecting contributions, scheduling payouts, keeping the records and supporting the group. It does not change with your position, the size of the pot or the length of the cycle. The member who goes first and the member who goes last pay exactly the same.",
      },
      {
        kind: "note",
        text: "Example: in a group of 10 contributing $500 every two weeks, every member pays in $5,000 over the cycle and receives $5,000 once, whether their turn is the first or the tenth. The setup fee is the same for all ten.",
      },
      { kind: "h2", text: "A quick way to decide" },
      {
        kind: "ul",
        items: [
          "Do you have a fixed date when you need the money? Ask for a turn just before it.",
          "Is your income likely to change during the cycle? Prefer a later turn.",
          "No strong preference? Let the draw decide and enjoy the surprise.",
          "Running the group? Ask everyone privately first; people share needs more openly one-to-one.",
        ],
      },
    ],
  },
  {
    id: "sharia-compliant-saving",
    title: "Saving Without Riba: How a Rotating Savings Group Fits Islamic Finance",
    publishedOn: "2026-10-27",
    author: "The Rosca Team",
    excerpt:
      "Interest, uncertainty and fair pay for a service are the three questions that decide whether a savings arrangement is halal. Here is how a ROSCA answers each of them.",
    readingMinutes: 4,
    body: [
      {
        kind: "p",
        text: "For many Muslims in the United States, the usual tools for saving and borrowing come with a catch. Savings accounts pay interest, credit cards charge it, and most personal loans are built on it. Rotating savings groups have long been a halal alternative in Muslim communities, from the hagbad of Somali families to the gam'eya of Egypt. Here is why, in plain terms.",
      },
      { kind: "h2", text: "No riba: you get back exactly what you put in" },
      {
        kind: "p",
        text: "Riba is any increase charged or paid on a loan or an exchange of money for money. A rotating savings group contains no increase. Every member contributes the same total and receives the same total. A member who receives the pot early has, in effect, received an interest-free loan from the group, which they repay through their remaining contributions. Scholars often compare this to qard hasan, a benevolent loan that is repaid at face value.",
      },
      {
        kind: "p",
        text: "What would break this is charging for time. If an early turn cost more than a late one, or if members bid against each other for the pot, the difference would be a price for having money sooner. Rosca does neither. Nobody pays or earns anything because of their position.",
      },
      { kind: "h2", text: "A fee for a service, not for money" },
      {
        kind: "p",
        text: "Islamic finance permits a fair, known payment for work done, called ujrah. Rosca's only charge is a flat group setup fee of $5 to $10, shown before you join. It pays for a service: collecting contributions, scheduling payouts, keeping records and supporting members. It is the same for every member, and it does not grow with the size of the pot, the length of the cycle or how early you are paid.",
      },
      { kind: "h2", text: "No gharar: everything is known in advance" },
      {
        kind: "p",
        text: "Gharar means excessive uncertainty in a contract: not knowing what you are agreeing to pay or receive. Before a Rosca group starts, every member can see the contribution amount, the schedule, the number of members, the payout per turn and the fee. If the group uses a random draw, the draw is the same for everyone, decides only the order and never the amount, and can be verified afterwards by any member.",
      },
      { kind: "h2", text: "Where your money sits" },
      {
        kind: "p",
        text: "Contributions pass from members to the recipient for that period. Rosca does not invest pooled money or earn interest on it while it moves. During the current demo phase, bank connections use a sandbox and no real money moves at all.",
      },
      { kind: "h2", text: "Questions to ask of any savings product" },
      {
        kind: "ul",
        items: [
          "Does anyone end up with more or less than they contributed, apart from a disclosed service fee?",
          "Does any charge depend on time, on the amount of money or on how early someone is paid?",
          "Are all amounts, dates and fees known before you commit?",
          "Is the money invested or lent out while it is held, and if so, how?",
        ],
      },
      {
        kind: "note",
        text: "This article explains our reasoning; it is not a religious ruling. Practice and opinion vary between schools and scholars, so if you have doubts, please ask a scholar you trust. Our Sharia compliance page sets out the same principles in more detail.",
      },
    ],
  },
  {
    id: "running-a-group-with-friends",
    title: "Eight Tips for Running a Savings Group With Friends",
    publishedOn: "2026-11-17",
    author: "Rosca Member Support",
    excerpt: "A savings circle is only as strong as the promises behind it. These habits keep money from getting in the way of friendship.",
    readingMinutes: 5,
    body: [
      {
        kind: "p",
        text: "Running a savings group with people you care about can be deeply rewarding. It can also be awkward when expectations are not clear. Most problems in a savings circle come from something nobody said out loud at the start. These eight habits help a group avoid them.",
      },
      { kind: "h2", text: "1. Choose people, not numbers" },
      {
        kind: "p",
        text: "It is tempting to invite more people to make the pot bigger. Resist it. A group of five who will always pay on time is far better than a group of twelve with one person you are unsure about. Every member is trusting every other member for the whole cycle.",
      },
      { kind: "h2", text: "2. Pick an amount everyone can afford on a bad month" },
      {
        kind: "p",
        text: "Set the contribution by the tightest budget in the group, not the average. If someone would have to stretch to make a payment, the group should choose a smaller amount or a longer schedule. Rosca groups can contribute from $10 to $1,000 per period.",
      },
      { kind: "h2", text: "3. Match the schedule to paydays" },
      {
        kind: "p",
        text: "If most members are paid every other Friday, a bi-weekly schedule on Friday lines contributions up with income. For monthly groups, choose a day a few days after the most common payday. For days like the 31st, Rosca uses the last day of shorter months.",
      },
      { kind: "h2", text: "4. Agree on the order openly" },
      {
        kind: "p",
        text: "If some members have dated needs, talk about them before choosing a fixed order. If not, use a random draw. Either way, do not change the order once the group has started without everyone's agreement.",
      },
      { kind: "h2", text: "5. Talk about what happens if someone cannot pay" },
      {
        kind: "p",
        text: "Life happens: a job loss, an illness, an unexpected bill. Decide together how the group will respond before it happens. Will members cover a gap for a short time? How soon should someone tell the group if they are struggling? A short conversation at the start prevents a painful one later.",
      },
      { kind: "h2", text: "6. Let the app do the chasing" },
      {
        kind: "p",
        text: "One of the hardest parts of running a traditional circle is reminding people to pay. With Rosca, contributions are collected from linked bank accounts on the agreed day, and members get reminders beforehand. The admin does not have to be the bad guy.",
      },
      { kind: "h2", text: "7. Keep the conversation going" },
      {
        kind: "p",
        text: "Celebrate each payout. A quick message to the group when someone receives the pot reminds everyone why they joined and keeps the circle feeling like a shared project rather than a bill.",
      },
      { kind: "h2", text: "8. Finish well, then decide together about the next round" },
      {
        kind: "p",
        text: "When the last member receives the pot, the cycle is complete. Before starting another, check in: was the amount right, did the schedule work, does anyone want to step out? A second round with a few adjustments is usually smoother than the first.",
      },
      {
        kind: "note",
        text: "Ready to start? Create a group from your dashboard, or read the step-by-step guides in our Help Center.",
      },
    ],
  },
];

/** "2026-11-17" -> "November 17, 2026" ("17 de noviembre de 2026" in es-US), computed in UTC so server and browser agree. */
export function formatPublishedOn(isoDay: string, locale: Locale = "en-US") {
  return formatDate(isoDay, { style: "long", locale });
}
