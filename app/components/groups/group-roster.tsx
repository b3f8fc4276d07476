/**
 * The roster controls while a group forms: the admin's (ADR 038) remove a member, with a reason the member is shown,
 * and replace the open invite link; a member's (ADR 041) leave the group. Plain POST forms inside <details>: the
 * summary is the first click, the button inside the confirmation, with or without JavaScript.
 */
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { REMOVAL_REASON_MAX } from "~/domain/roster";

/** What the page's action answered for a removal that did not pass (the reason), to show at that member. */
export type RemovalReply = {
  memberId: string;
  result: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null };
};

export function RemoveMember({ memberId, name, reply }: { memberId: string; name: string; reply?: RemovalReply | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("memberId") === memberId;
  const mine = reply?.memberId === memberId ? reply : null;
  const typed = mine?.result.initialValue?.reason;
  const id = `remove-reason-${memberId}`;
  return (
    <details className="w-full" open={mine !== null || undefined}>
      <summary className="cursor-pointer text-sm font-medium text-red-800 underline">
        Remove<span className="sr-only"> {name}</span>
      </summary>
      <Form method="post" className="mt-2 space-y-2 rounded-lg border border-red-200 bg-red-50 p-3">
        <input type="hidden" name="memberId" value={memberId} />
        <Field
          label={`Reason (${name} will see it)`}
          inputProps={{
            id,
            name: "reason",
            type: "text",
            required: true,
            maxLength: REMOVAL_REASON_MAX,
            defaultValue: typeof typed === "string" ? typed : undefined,
            autoComplete: "off",
          }}
          errors={mine?.result.error?.reason ?? null}
        />
        <p className="text-xs text-slate-700">Their seat opens again, and no invite link they have will let them back in.</p>
        <button type="submit" name="intent" value="remove-member" className={buttonClass("danger", "px-3 py-1.5")} disabled={busy}>
          Remove {name}
        </button>
      </Form>
    </details>
  );
}

export function ReplaceInviteLink() {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "rotate-link";
  return (
    <details className="mt-4">
      <summary className="cursor-pointer text-sm font-medium text-brand-700 underline">Replace this link</summary>
      <Form method="post" className="mt-2 space-y-2">
        <p className="text-sm text-slate-700">
          The current link stops working at once. Anyone who has it and has not joined yet will need the new one from you.
        </p>
        <button type="submit" name="intent" value="rotate-link" className={buttonClass("secondary")} disabled={busy}>
          Replace Invite Link
        </button>
      </Form>
    </details>
  );
}

/** A member (not the admin) leaves a forming group: a confirmation, then a plain POST. */
export function LeaveGroup({ groupName }: { groupName: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "leave-group";
  return (
    <details className="mt-4 border-t border-slate-100 pt-4">
      <summary className="cursor-pointer text-sm font-medium text-red-800 underline">Leave this group</summary>
      <Form method="post" className="mt-2 space-y-2 rounded-lg border border-red-200 bg-red-50 p-3">
        <p className="text-sm text-slate-800">
          You leave {groupName} before it starts. Nothing is charged. Your seat opens for someone else, and the invite links you had stop working for
          you: to join again you would need a new invitation from the group's admin.
        </p>
        <button type="submit" name="intent" value="leave-group" className={buttonClass("danger", "px-3 py-1.5")} disabled={busy}>
          Leave {groupName}
        </button>
      </Form>
    </details>
  );
}
