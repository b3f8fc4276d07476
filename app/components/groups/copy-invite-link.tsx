import { useEffect, useId, useRef, useState } from "react";
import { useT } from "~/components/i18n";
import { showToast } from "~/components/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { useHydrated } from "~/components/use-hydrated";
import { inviteShareLinks } from "~/domain/invitations";

/**
 * The group's invite link. What works everywhere, JavaScript or not: the link in a read-only field (selected on focus
 * where scripts run), and "Email the link" / "Text the link" (mailto: and sms: links, prefilled). With JavaScript,
 * Copy Link uses the clipboard, and Share the Web Share API where the browser has it.
 */
export function CopyInviteLink({ url, groupName }: { url: string; groupName: string }) {
  const id = useId();
  const t = useT();
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [canShare, setCanShare] = useState(false);
  const links = inviteShareLinks(url, groupName);
  useEffect(() => setCanShare(typeof navigator.share === "function"), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ type: "success", title: t("groupPage.invite.copied") });
    } catch {
      input.current?.select();
      showToast({ type: "error", title: t("groupPage.invite.copyFailed"), description: t("groupPage.invite.copyFailedBody") });
    }
  }

  async function share() {
    try {
      await navigator.share({ title: `Join ${groupName}`, text: links.subject, url });
    } catch {
      // Closing the share sheet rejects too; nothing to report.
    }
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {t("groupPage.invite.label")}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          id={id}
          type="text"
          readOnly
          value={url}
          aria-describedby={`${id}-hint`}
          onFocus={(event) => event.currentTarget.select()}
          className={`${inputClass} min-w-0 flex-1 font-mono text-sm`}
        />
        {hydrated ? (
          <Button variant="primary" onClick={copy}>
            {t("groupPage.invite.copy")}
          </Button>
        ) : null}
        {hydrated && canShare ? (
          <Button variant="secondary" onClick={share}>
            {t("groupPage.invite.share")}
          </Button>
        ) : null}
      </div>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("groupPage.invite.send")}>
        <li>
          <a href={links.mailto} className={buttonClass("secondary")}>
            {t("groupPage.invite.email")}
          </a>
        </li>
        <li>
          <a href={links.sms} className={buttonClass("secondary")}>
            {t("groupPage.invite.text")}
          </a>
        </li>
      </ul>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {t("groupPage.invite.hint")}
      </p>
    </div>
  );
}
