/**
 * "We can't reach <address>: update your email" (issue 31): shown on the dashboard and the profile pages while the
 * member's address is marked undeliverable. Self-contained: it takes the facts the session already read (no query of
 * its own) and links to the page where the address is changed, which clears it. Plain markup and a link: it works
 * without JavaScript.
 */
import { Link } from "react-router";
import { useT } from "~/components/i18n";
import { Alert } from "~/components/ui/alert";
import type { UndeliverableReason } from "~/domain/email-delivery";

export type UndeliverableEmail = { address: string; reason: UndeliverableReason };

/** undeliverableBannerTitle and undeliverableExplanation (app/domain/email-delivery.ts), in the reader's language. */
export function UndeliverableEmailBanner({ problem, linked = true }: { problem: UndeliverableEmail; linked?: boolean }) {
  const t = useT();
  return (
    <Alert tone="warning" title={<span className="break-words">{t("account.undeliverable.title", { address: problem.address })}</span>}>
      <p>
        {t(`account.undeliverable.${problem.reason}`)} {t("account.undeliverable.inApp")}{" "}
        {linked ? (
          <Link to="/profile/email" className="font-medium underline">
            {t("account.undeliverable.change")}
          </Link>
        ) : null}
      </p>
    </Alert>
  );
}
