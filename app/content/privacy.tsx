/**
 * The privacy policy (SPEC.md sections 1 and 9: data kept about five years after closing, 30 days notice of
 * changes, support replies within 24 hours). Providers are described by role, never by brand.
 */
import { Link } from "react-router";
import type { LegalSection } from "~/components/marketing/legal-document";
import { POLICY_EFFECTIVE_DATE } from "./policy-date";

export const PRIVACY_INTRO = (
  <>
    <p>
      This policy explains what personal information Rosca collects, why we collect it, who we share it with and the choices you have. It applies to
      the Rosca website and app. Rosca is for US residents aged 18 or older.
    </p>
    <p>
      Rosca is currently in a demo phase: bank connections use a sandbox bank and no real money moves. The information you give us, such as your name,
      email address and profile details, is still real, and we protect it as described here.
    </p>
  </>
);

export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    id: "information-we-collect",
    title: "Information we collect",
    body: (
      <>
        <p>We collect only what we need to run your account and your groups:</p>
        <ul>
          <li>
            <strong>Account information:</strong> your full name, email address and password. We store your password only as an argon2id hash, never
            in readable form.
          </li>
          <li>
            <strong>Profile information:</strong> phone number, street address, city, state, ZIP code and date of birth, if you provide them. We use
            them to confirm eligibility and, once real money moves, to meet identity and record-keeping requirements.
          </li>
          <li>
            <strong>Bank connection information:</strong> when you link a bank through our bank-linking provider, we receive the institution name,
            account name, type, the last digits of the account number and balances, together with an access token that lets us request them. We never
            receive your online banking username or password.
          </li>
          <li>
            <strong>Group activity:</strong> the groups you create or join, invitations you send (including the email addresses you enter),
            contributions, payouts and your position in the payout order.
          </li>
          <li>
            <strong>Messages:</strong> what you send us through the contact form or by email.
          </li>
          <li>
            <strong>Technical information:</strong> your IP address, browser type and the times you sign in, which we use for security, session
            management and to limit repeated login attempts.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "how-we-use-it",
    title: "How we use your information",
    body: (
      <ul>
        <li>To create and secure your account, and to keep you signed in.</li>
        <li>To run your groups: scheduling and collecting contributions, making payouts and showing members the schedule.</li>
        <li>To send emails you need, such as address confirmation, password resets, invitations, payment reminders and payout notices.</li>
        <li>To answer your questions and requests.</li>
        <li>To detect and prevent fraud, abuse and security incidents.</li>
        <li>To meet legal, tax and record-keeping obligations.</li>
      </ul>
    ),
  },
  {
    id: "sharing",
    title: "Who we share it with",
    body: (
      <>
        <p>
          <strong>We do not sell your personal information, and we do not share it for advertising.</strong> We share it only in these cases:
        </p>
        <ul>
          <li>
            <strong>Other members of your groups</strong> see your name, your position in the payout order and whether each of your contributions has
            been paid. They do not see your bank details, address or date of birth.
          </li>
          <li>
            <strong>Service providers</strong> who process information on our behalf and under contract: our bank-linking provider, our email delivery
            provider and our hosting provider. They may use it only to provide their service to us.
          </li>
          <li>
            <strong>Legal reasons:</strong> when the law requires it, to respond to valid legal process, or to protect the rights, property or safety
            of our members, Rosca or others.
          </li>
          <li>
            <strong>Business transfers:</strong> if Rosca is merged or acquired, your information may transfer to the new owner, who must keep
            honoring this policy.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: (
      <p>
        We use a small number of strictly necessary cookies: one that keeps you signed in, which holds only a random session identifier, and one that
        carries one-time messages between pages, such as "Message Sent". We do not use advertising or cross-site tracking cookies.
      </p>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <>
        <p>
          We keep your information while your account is open. After you close your account, we keep records of your account and group activity for
          about five years, because financial records must be kept for several years and because they may be needed to resolve disputes between
          members. After that we delete or anonymize them.
        </p>
        <p>Contact form messages are kept for as long as we need them to handle your request, and never longer than the five-year period above.</p>
      </>
    ),
  },
  {
    id: "your-choices",
    title: "Your choices and rights",
    body: (
      <>
        <p>You can:</p>
        <ul>
          <li>see and update most of your profile information on your profile page;</li>
          <li>ask us for a copy of the personal information we hold about you;</li>
          <li>ask us to correct information that is wrong;</li>
          <li>ask us to close your account and delete your information, subject to the records we must keep as described above;</li>
          <li>disconnect a linked bank account.</li>
        </ul>
        <p>
          Depending on the state you live in, you may have further rights under state privacy law. To make a request,{" "}
          <Link to="/contact">contact us</Link> and choose the topic "Privacy and my data". We reply within 24 hours and may need to confirm your
          identity before acting on a request. We will not treat you differently for exercising your rights.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <p>
        We protect your information with password hashing, server-side sessions with an idle timeout, rate-limited logins, encrypted bank access
        tokens and encrypted connections. No system is perfectly secure, so we also limit what we collect and who can access it. Read more on our{" "}
        <Link to="/security">security page</Link>.
      </p>
    ),
  },
  {
    id: "eligibility",
    title: "Eligibility and children",
    body: (
      <p>
        Rosca is only for US residents aged 18 or older. We do not knowingly collect information from anyone under 18. If you believe a minor has
        created an account, please contact us and we will delete it.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        If we make changes to this policy, we will post the new version here and update the effective date. For any change that affects your rights or
        how we use your information, we will give you at least 30 days notice by email or in the app before it takes effect.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <p>
        Questions about this policy or your information? Use our <Link to="/contact">contact form</Link>. Our support team replies within 24 hours.
        This policy is effective as of {POLICY_EFFECTIVE_DATE}.
      </p>
    ),
  },
];
