import { useEffect, useId, useRef, useState } from "react";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { useHydrated } from "~/components/use-hydrated";

/**
 * The group's invite link. Without JavaScript it is a read-only field whose text can be selected and copied; with
 * JavaScript, Copy Link uses the clipboard and Share the Web Share API (only where the browser has it).
 */
export function CopyInviteLink({ url, groupName }: { url: string; groupName: string }) {
  const id = useId();
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === "function"), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ type: "success", title: "Invite link copied to clipboard" });
    } catch {
      input.current?.select();
      showToast({ type: "error", title: "Couldn't copy the link", description: "The link is selected: copy it with your keyboard." });
    }
  }

  async function share() {
    try {
      await navigator.share({ title: `Join ${groupName}`, text: `Join my savings group ${groupName}`, url });
    } catch {
      // Closing the share sheet rejects too; nothing to report.
    }
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        Invite link
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
            Copy Link
          </Button>
        ) : null}
        {hydrated && canShare ? (
          <Button variant="secondary" onClick={share}>
            Share
          </Button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        Anyone with this link can ask to join while there are free seats. They need a Rosca account with sandbox access.
      </p>
    </div>
  );
}
