/**
 * Step 2 of the /groups/create wizard (SPEC.md section 2): Invite Members, with the settings' recap. A plain form
 * that works without JavaScript; with JavaScript, 'Add Another Member' adds a row in place.
 */
import { useRef, useState } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { useHydrated } from "~/components/use-hydrated";
import { formatMoney } from "~/domain/format";
import { PAYOUT_ORDER_LABELS, SETUP_FEE_CENTS, setupFeeLine, SWAP_APPROVAL_LABELS, type GroupSettings } from "~/domain/groups";
import { plural } from "~/domain/plural";
import { FREQUENCY_LABELS } from "~/domain/schedule";
import { DefaultSubmit, HiddenSettings, describedBy, errorId } from "./fields";
import { type FieldErrorMap, type SettingsValues, scheduleLineFor } from "./values";

export function InviteStep({
  settings,
  values,
  emails: initialEmails,
  errors,
  idempotencyKey,
  submitting,
}: {
  settings: GroupSettings;
  values: SettingsValues;
  emails: string[];
  errors: FieldErrorMap;
  idempotencyKey: string;
  submitting: boolean;
}) {
  const hydrated = useHydrated();
  const [emails, setEmails] = useState(initialEmails);
  const listRef = useRef<HTMLOListElement>(null);
  const maxInvitees = settings.memberCount - 1;
  const scheduleLine = scheduleLineFor(values);
  const payoutCents = settings.contributionAmount * 100 * settings.memberCount;
  const listErrors = errors.memberEmails;

  const addRow = () => {
    setEmails((current) => (current.length < maxInvitees ? [...current, ""] : current));
    // Move focus to the new input once it exists.
    requestAnimationFrame(() => {
      const inputs = listRef.current?.querySelectorAll<HTMLInputElement>("input[type=email]");
      inputs?.[inputs.length - 1]?.focus();
    });
  };

  return (
    <Form method="post" noValidate aria-labelledby="invite-heading" className="mt-6 space-y-6">
      <DefaultSubmit intent="create" />
      <HiddenSettings values={values} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <h2 id="invite-heading" className="text-xl font-semibold text-slate-900">
        Invite Members
      </h2>

      <section aria-labelledby="recap-heading" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
        <h3 id="recap-heading" className="font-semibold text-slate-900">
          Your group
        </h3>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
          <Recap term="Group name" value={settings.groupName} />
          <Recap term="Members" value={`${settings.memberCount} (including you)`} />
          <Recap term="Contribution per member" value={formatMoney(settings.contributionAmount * 100)} />
          <Recap term="Schedule" value={scheduleLine ?? FREQUENCY_LABELS[settings.frequency]} />
          <Recap term="Payout order" value={PAYOUT_ORDER_LABELS[settings.payoutOrder]} />
          <Recap term="Turn swaps" value={SWAP_APPROVAL_LABELS[settings.swapApproval]} />
          <Recap term="Payout per turn" value={formatMoney(payoutCents)} />
          <Recap term="Setup fee" value={formatMoney(SETUP_FEE_CENTS)} />
        </dl>
        <p className="mt-3 text-sm font-medium text-slate-800" data-testid="setup-fee">
          {setupFeeLine(SETUP_FEE_CENTS)}. It is charged once, together with each member's first contribution that goes through (never before it);
          there is no other fee, and no interest.
        </p>
      </section>

      <fieldset aria-describedby={describedBy("memberEmails-hint", listErrors?.length && errorId("memberEmails"))}>
        <legend className="text-sm font-medium text-slate-800">Invitee email addresses</legend>
        <p id="memberEmails-hint" className="mt-1 text-sm text-slate-600">
          You are member 1. Invite up to {plural(maxInvitees, { one: "person", other: "people" })}; leave a row empty to skip it.
        </p>
        <FieldErrors id={errorId("memberEmails")} errors={listErrors} />
        <ol ref={listRef} className="mt-3 space-y-3">
          {emails.map((email, index) => {
            const name = `memberEmails[${index}]`;
            const id = `memberEmails-${index}`;
            const rowErrors = errors[name];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the position is the field (memberEmails[i]); rows are only appended
              <li key={index}>
                <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
                  {`Member ${index + 2} email`}
                </label>
                <input
                  id={id}
                  name={name}
                  type="email"
                  autoComplete="off"
                  value={email}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setEmails((current) => current.map((entry, i) => (i === index ? value : entry)));
                  }}
                  className={inputClass}
                  aria-invalid={rowErrors?.length ? true : undefined}
                  aria-describedby={describedBy(rowErrors?.length && errorId(id))}
                />
                <FieldErrors id={errorId(id)} errors={rowErrors} />
              </li>
            );
          })}
        </ol>
        {emails.length < maxInvitees ? (
          <button
            type="submit"
            name="intent"
            value="add-row"
            className={buttonClass("ghost", "mt-3 text-brand-800 underline")}
            disabled={submitting}
            onClick={(event) => {
              // With JavaScript the row appears in place; without it, the server re-renders with one more row.
              if (!hydrated) return;
              event.preventDefault();
              addRow();
            }}
          >
            Add Another Member
          </button>
        ) : null}
      </fieldset>

      <section aria-labelledby="next-heading">
        <h3 id="next-heading" className="font-semibold text-slate-900">
          What happens next
        </h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>
            People without a Rosca account get the invitation by email. People who already have one see it in the app, and by email too if they turned
            on emails for new group invitations.
          </li>
          <li>They create an account, if they don't have one yet, and link a bank account.</li>
          <li>The group starts when all members have joined; everyone then gets the payment schedule.</li>
        </ol>
      </section>

      <div className="flex flex-wrap justify-between gap-3">
        <button type="submit" name="intent" value="back" className={buttonClass("secondary")} disabled={submitting}>
          Back
        </button>
        <button type="submit" name="intent" value="create" className={buttonClass("primary")} disabled={submitting}>
          {submitting ? "Creating group…" : "Create Group"}
        </button>
      </div>
    </Form>
  );
}

function Recap({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-600">{term}</dt>
      <dd className="font-semibold break-words text-slate-900">{value}</dd>
    </div>
  );
}
