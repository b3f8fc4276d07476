import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { metaTranslator, useLocale, useT } from "~/components/i18n";
import { PaymentSummary } from "~/components/reports/payment-ref";
import { buttonClass } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { Card, PageContainer } from "~/components/ui/page";
import { formatDateTime } from "~/domain/format";
import { REPORT_CATEGORIES, REPORT_MESSAGE_MAX, REPORTS_PER_DAY, reportSchema } from "~/domain/reports";
import { requireUser } from "~/server/auth/guards.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { requestLocale, translator } from "~/server/platform/locale.server";
import { readForm } from "~/server/platform/request-body.server";
import { reportContext, submitReport } from "~/server/reports/reports.server";
import type { Route } from "./+types/groups.$groupId.report";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    {
      title:
        loaderData && "group" in loaderData
          ? t("groupExtra.report.metaTitle", { group: loaderData.group.name })
          : `${t("groupPage.notFound")} — Rosca`,
    },
  ];
}

/** Not a member, an unknown or malformed id: the same 404 page as the group's own (no existence leak). */
function notFound() {
  return data({ notFound: true as const }, { status: 404 });
}

/** /groups/{id}/report[?payment={statement row}]: a member reports a problem about their group or one of its payments. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  const context = await reportContext(user.id, params.groupId, new URL(request.url).searchParams.get("payment"));
  if (!context) return notFound();
  return context;
}

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await readForm(request);
  const { user } = await requireUser(request);
  // Who may comes first: anyone but a member sees the 404 page, whatever they posted.
  const context = await reportContext(user.id, params.groupId, null);
  if (!context) return notFound();
  const submission = parseWithZod(formData, { schema: reportSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await submitReport(user, params.groupId, submission.value);
  // The toast and the limit's refusal (a moment in it) are written in the reader's language; English is REPORT_MESSAGES'.
  const locale = requestLocale(request, user.locale);
  const t = translator(locale);
  if (result.ok)
    return redirectWithToast(request, "/reports", {
      type: "success",
      title: t("groupExtra.report.sentTitle"),
      description: t("groupExtra.report.sentDescription"),
    });
  if (result.status === 404) return notFound();
  const error =
    result.status === 429 && locale !== "en-US"
      ? t("groupExtra.report.tooMany", { count: REPORTS_PER_DAY, time: formatDateTime(result.retryAt, { locale }) })
      : result.error;
  return data({ result: submission.reply({ formErrors: [error] }) }, { status: result.status });
}

export default function ReportProblem({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  if ("notFound" in loaderData) {
    return (
      <PageContainer narrow>
        <h1 className="text-3xl font-bold text-slate-900">{t("groupPage.notFound")}</h1>
        <Card className="mt-6">
          <p className="text-slate-600">{t("groupPage.notFoundBody")}</p>
          <Link to="/dashboard" className={`${buttonClass("primary")} mt-4`}>
            {t("groupPage.returnToDashboard")}
          </Link>
        </Card>
      </PageContainer>
    );
  }
  const { group, payment, paymentMissing } = loaderData;
  return (
    <PageContainer narrow>
      <nav aria-label={t("groupPage.pay.breadcrumb")} className="text-sm">
        <Link to={`/groups/${group.id}`} className="font-medium text-brand-700 underline">
          {t("groupExtra.report.back", { group: group.name })}
        </Link>
      </nav>
      <h1 className="mt-3 text-3xl font-bold text-slate-900">{t("groupExtra.report.heading")}</h1>
      <p className="mt-2 text-slate-600">{t("groupExtra.report.lead", { group: group.name })}</p>
      <Card className="mt-6">
        <ReportForm
          groupId={group.id}
          payment={payment}
          paymentMissing={paymentMissing}
          lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        />
      </Card>
    </PageContainer>
  );
}

function ReportForm({
  groupId,
  payment,
  paymentMissing,
  lastResult,
}: {
  groupId: string;
  payment: Extract<Route.ComponentProps["loaderData"], { group: unknown }>["payment"];
  paymentMissing: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const t = useT();
  const locale = useLocale();
  const [form, fields] = useForm({
    id: "report",
    lastResult,
    defaultValue: { category: payment ? "wrong_amount" : "", message: "", payment: payment?.postingId ?? "" },
    constraint: getZodConstraint(reportSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reportSchema }),
  });
  const submitting = navigation.state === "submitting";
  const categoryErrorId = `${fields.category.id}-error`;
  return (
    // The payment stays in the URL the form posts to (issue 45): a refused report comes back with it, JS on or off.
    <Form
      method="post"
      action={`/groups/${groupId}/report${payment ? `?payment=${payment.postingId}` : ""}`}
      {...getFormProps(form)}
      noValidate
      className="space-y-5"
    >
      <FieldErrors id={form.errorId} errors={form.errors} />
      {payment ? (
        <div>
          <p className="mb-1 text-sm font-medium text-slate-800">{t("groupExtra.report.aboutPayment")}</p>
          <PaymentSummary payment={payment} />
          <input type="hidden" name={fields.payment.name} value={payment.postingId} />
        </div>
      ) : paymentMissing ? (
        <p className="text-sm text-amber-900">{t("groupExtra.report.paymentMissing")}</p>
      ) : null}
      <fieldset aria-describedby={fields.category.errors?.length ? categoryErrorId : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t("groupExtra.report.whatProblem")}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {REPORT_CATEGORIES.map((category) => (
            <label
              key={category.value}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name={fields.category.name}
                value={category.value}
                defaultChecked={fields.category.initialValue === category.value}
                className="h-4 w-4"
                aria-invalid={fields.category.errors?.length ? true : undefined}
              />
              <span className="text-slate-900">{t(`report.category.${category.value}`)}</span>
            </label>
          ))}
        </div>
        <FieldErrors id={categoryErrorId} errors={fields.category.errors} />
      </fieldset>
      <div>
        <label htmlFor={fields.message.id} className="mb-1 block text-sm font-medium text-slate-800">
          {t("groupExtra.report.whatHappened")}
        </label>
        <textarea
          {...getTextareaProps(fields.message)}
          rows={6}
          className={inputClass}
          aria-describedby={[fields.message.errors?.length ? fields.message.errorId : null, `${fields.message.id}-hint`].filter(Boolean).join(" ")}
        />
        <p id={`${fields.message.id}-hint`} className="mt-1 text-xs text-slate-600">
          {t("groupExtra.report.hint", { max: REPORT_MESSAGE_MAX.toLocaleString(locale) })}
        </p>
        <FieldErrors id={fields.message.errorId} errors={fields.message.errors} />
      </div>
      <button type="submit" className={buttonClass("primary")} disabled={submitting}>
        {submitting ? t("groupExtra.report.sending") : t("groupExtra.report.send")}
      </button>
    </Form>
  );
}
