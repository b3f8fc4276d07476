/**
 * "We can't reach <address>: update your email" (issue 31): shown on the dashboard and the profile pages while the
 * member's address is marked undeliverable. Self-contained: it takes the facts the session already read (no query of
 * its own) and links to the page where the address is changed, which clears it. Plain markup and a link: it works
 * without JavaScript.
 */
import { Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { undeliverableBannerTitle, undeliverableExplanation, type UndeliverableReason } from "~/domain/email-delivery";

export type UndeliverableEmail = { address: string; reason: UndeliverableReason };

export function UndeliverableEmailBanner({ problem, linked = true }: { problem: UndeliverableEmail; linked?: boolean }) {
  return (
    <Alert tone="warning" title={<span className="break-words">{undeliverableBannerTitle(problem.address)}</span>}>
      <p>
        {undeliverableExplanation(problem.reason)} Reminders and notices still reach you here in the app.{" "}
        {linked ? (
          <Link to="/profile/email" className="font-medium underline">
            Change your email address
          </Link>
        ) : null}
      </p>
    </Alert>
  );
}
