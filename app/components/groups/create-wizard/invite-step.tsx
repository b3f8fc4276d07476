/**
 * Step 2 of the /groups/create wizard (SPEC.md section 2): Invite Members, with the settings' recap. A plain form
 * that works without JavaScript; with JavaScript, 'Add Another Member' adds a row in place.
 */
import { useRef, useState } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { useHydrated } from "~/components/use-hydrated";
import { useLocale, useT } from "~/components/i18n";
import { formatMoney } from "~/domain/format";
import { SETUP_FEE_CENTS, type GroupSettings } from "~/domain/groups";
import { DefaultSubmit, HiddenSettings, describedBy, errorId } from "./fields";
import { type FieldErrorMap, type SettingsValues, scheduleLineIn } from "./values";

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
  const t = useT();
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  const [emails, setEmails] = useState(initialEmails);
  const listRef = useRef<HTMLOListElement>(null);
  const maxInvitees = settings.memberCount - 1;
  const scheduleLine = scheduleLineIn(values, locale, t);
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
        {t("wizard.step2")}
      </h2>

      <section aria-labelledby="recap-heading" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
        <h3 id="recap-heading" className="font-semibold text-slate-900">
          {t("wizard.yourGroup")}
        </h3>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
          <Recap term={t("wizard.groupName")} value={settings.groupName} />
          <Recap term={t("wizard.members")} value={t("wizard.membersValue", { count: settings.memberCount })} />
          <Recap term={t("wizard.contributionPerMember")} value={money(settings.contributionAmount * 100)} />
          <Recap term={t("wizard.schedule")} value={scheduleLine ?? t(`wizard.frequency.${settings.frequency}`)} />
          <Recap term={t("wizard.payoutOrder")} value={t(`wizard.payoutOrder.${settings.payoutOrder}`)} />
          <Recap term={t("wizard.swaps")} value={t(`wizard.swaps.${settings.swapApproval}`)} />
          <Recap term={t("wizard.payoutPerTurn")} value={money(payoutCents)} />
          <Recap term={t("wizard.setupFee")} value={money(SETUP_FEE_CENTS)} />
        </dl>
        {/* setupFeeLine's words (app/domain/groups.ts), and what follows them. */}
        <p className="mt-3 text-sm font-medium text-slate-800" data-testid="setup-fee">
          {t("wizard.setupFeeLine", { amount: money(SETUP_FEE_CENTS) })}
        </p>
      </section>

      <fieldset aria-describedby={describedBy("memberEmails-hint", listErrors?.length && errorId("memberEmails"))}>
        <legend className="text-sm font-medium text-slate-800">{t("wizard.invitees")}</legend>
        <p id="memberEmails-hint" className="mt-1 text-sm text-slate-600">
          {t("wizard.inviteesHint", { count: maxInvitees })}
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
                  {t("wizard.inviteeLabel", { number: index + 2 })}
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
            {t("wizard.addRow")}
          </button>
        ) : null}
      </fieldset>

      <section aria-labelledby="next-heading">
        <h3 id="next-heading" className="font-semibold text-slate-900">
          {t("wizard.whatNext")}
        </h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>{t("wizard.whatNext1")}</li>
          <li>{t("wizard.whatNext2")}</li>
          <li>{t("wizard.whatNext3")}</li>
        </ol>
      </section>

      <div className="flex flex-wrap justify-between gap-3">
        <button type="submit" name="intent" value="back" className={buttonClass("secondary")} disabled={submitting}>
          {t("wizard.back")}
        </button>
        <button type="submit" name="intent" value="create" className={buttonClass("primary")} disabled={submitting}>
          {submitting ? t("wizard.creating") : t("wizard.create")}
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
