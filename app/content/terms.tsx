/**
 * Terms of Service (SPEC.md sections 1 and 9: setup fee $5-$10, liability limited to fees paid in the past 12
 * months, 30 days notice of changes, support replies within 24 hours, US residents 18+, demo phase).
 */
import { Link } from "react-router";
import type { LegalSection } from "~/components/marketing/legal-document";
import { POLICY_EFFECTIVE_DATE } from "./policy-date";

export const TERMS_INTRO = (
  <>
    <p>
      These terms are an agreement between you and Rosca. They apply whenever you use the Rosca website or app. Please read them with our{" "}
      <Link to="/privacy">Privacy Policy</Link>, which explains how we handle your information. By creating an account, you agree to both.
    </p>
    <p>
      In short: Rosca helps people who trust each other run rotating savings groups. Every member contributes the same amount and receives the whole
      pot once. We charge no interest and one flat setup fee. During the demo phase no real money moves.
    </p>
  </>
);

export const TERMS_SECTIONS: LegalSection[] = [
  {
    id: "eligibility",
    title: "Who can use Rosca",
    body: (
      <>
        <p>To use Rosca you must:</p>
        <ul>
          <li>be at least 18 years old;</li>
          <li>be a resident of the United States;</li>
          <li>give accurate information and keep it up to date; and</li>
          <li>use a bank account in your own name, once bank linking is available to you.</li>
        </ul>
        <p>You may have only one account, and you are responsible for keeping your password secret and for everything done through your account.</p>
      </>
    ),
  },
  {
    id: "demo-phase",
    title: "The demo phase",
    body: (
      <>
        <p>
          Rosca is currently in a demo phase. Bank connections use a sandbox bank provided for testing, and <strong>no real money moves</strong>:
          contributions, payouts and balances you see are simulated. Do not rely on them for any real financial decision.
        </p>
        <p>
          Linking a bank and creating or joining groups require sandbox access, which our administrators grant at their discretion. We may reset demo
          data, change features or end the demo phase. We will tell you before real money can move through your account.
        </p>
      </>
    ),
  },
  {
    id: "how-groups-work",
    title: "How groups work",
    body: (
      <>
        <ul>
          <li>A group has 3 to 12 members, including the member who creates it, who acts as the group admin.</li>
          <li>
            Each member contributes the same whole-dollar amount, from $10 to $1,000, on the schedule the group chose: daily, weekly, bi-weekly or
            monthly. Where a monthly day does not exist in a month, the last day of that month is used.
          </li>
          <li>
            Each period, one member receives the payout: the contribution times the number of members. The cycle lasts as many periods as there are
            members, and every member receives the payout exactly once.
          </li>
          <li>
            The payout order is either fixed by the group admin or drawn at random when the group starts. The full schedule is shown to every member
            before the first contribution.
          </li>
          <li>A group starts once every invited member has joined.</li>
        </ul>
        <p>
          Rosca is not a bank and does not lend money, pay or charge interest, or invest contributions. A group is an arrangement among its members;
          Rosca provides the service that runs it.
        </p>
      </>
    ),
  },
  {
    id: "your-commitments",
    title: "Your commitments to your group",
    body: (
      <>
        <p>When you join a group, you promise the other members that you will:</p>
        <ul>
          <li>keep enough money in your linked account to cover each contribution on its due date;</li>
          <li>authorize Rosca to collect each contribution from your linked account and to pay your payout into it;</li>
          <li>tell your group admin and us promptly if you expect to miss a contribution; and</li>
          <li>keep contributing until the end of the cycle, especially if you have already received your payout.</li>
        </ul>
        <p>
          If a contribution fails, we will notify you and the group admin and may try to collect it again. We never lend money to cover a missed
          contribution, so a payout is made only from contributions actually received. We may suspend or close the account of a member who repeatedly
          fails to contribute.
        </p>
      </>
    ),
  },
  {
    id: "leaving",
    title: "Leaving a group",
    body: (
      <p>
        You may decline an invitation or leave a group at no charge before the group starts. After it starts, other members are relying on you, so you
        may leave only once your obligations to the group are settled or with the agreement of the group admin. If your circumstances change, contact
        the group admin and us as early as possible.
      </p>
    ),
  },
  {
    id: "fees",
    title: "Fees",
    body: (
      <>
        <p>
          Rosca charges one flat group setup fee of $5-$10, shown before you create or join a group. The fee is for our service of running the group.
          It is the same for every member, whatever their position in the payout order, and does not depend on the size of the pot, the length of the
          cycle or how early a member is paid. There is no interest and no other charge.
        </p>
        <p>While Rosca is in its demo phase and no real money moves, no fee is collected.</p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>use Rosca for anything unlawful, including fraud or money laundering;</li>
          <li>create an account for someone else or under a false identity;</li>
          <li>invite people to a group without their knowledge, or send unwanted invitations;</li>
          <li>try to access accounts, groups or data that are not yours, or to disrupt or probe the service without our permission; or</li>
          <li>copy, resell or commercially exploit the service.</li>
        </ul>
        <p>
          Security researchers acting in good faith under the disclosure guidelines on our <Link to="/security">security page</Link> are welcome.
        </p>
      </>
    ),
  },
  {
    id: "suspension",
    title: "Suspension and closing your account",
    body: (
      <p>
        You may close your account at any time once you have no outstanding obligations to a group. We may suspend or close an account that breaks
        these terms, puts other members at risk or is required to be closed by law. Where we can, we will tell you why and give you a chance to
        respond. Records are kept after closing as described in our Privacy Policy.
      </p>
    ),
  },
  {
    id: "disclaimers",
    title: "Disclaimers",
    body: (
      <p>
        We work hard to keep Rosca available and accurate, but we provide it "as is" and "as available". To the extent the law allows, we do not
        promise that it will be uninterrupted or error-free, and we are not responsible for the actions of other members, of banks or of the
        bank-linking provider. Nothing on Rosca is financial, tax, legal or religious advice.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Limitation of liability",
    body: (
      <p>
        To the extent the law allows, Rosca's total liability to you for any claim arising from these terms or the service is limited to the fees you
        paid to Rosca in the 12 months before the claim arose. We are not liable for indirect or consequential losses, such as lost profits or lost
        opportunities. Nothing in these terms limits liability that cannot be limited by law.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these terms as Rosca grows. We will post the new version here and give you at least 30 days notice by email or in the app before
        a change takes effect. If you do not agree with a change, you may close your account before it takes effect; continuing to use Rosca
        afterwards means you accept the new terms.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Questions and disputes",
    body: (
      <p>
        If you have a question or a problem, please <Link to="/contact">contact us</Link> first. Our support team replies within 24 hours, and most
        issues can be settled quickly and informally. These terms are effective as of {POLICY_EFFECTIVE_DATE}.
      </p>
    ),
  },
];
