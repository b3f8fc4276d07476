import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { PaymentSummary } from "~/components/reports/payment-ref";
import { buttonClass } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { Card, PageContainer } from "~/components/ui/page";
import { REPORT_CATEGORIES, REPORT_MESSAGE_MAX, REPORT_MESSAGES, reportSchema } from "~/domain/reports";
import { requireUser } from "~/server/auth/guards.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { readForm } from "~/server/platform/request-body.server";
import { reportContext, submitReport } from "~/server/reports/reports.server";
import type { Route } from "./+types/groups.$groupId.report";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData && "group" in loaderData ? `Report a problem: ${loaderData.group.name} — Rosca` : "Group Not Found — Rosca" }];
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
  if (result.ok)
    return redirectWithToast(request, "/reports", {
      type: "success",
      title: REPORT_MESSAGES.sentTitle,
      description: REPORT_MESSAGES.sentDescription,
    });
  if (result.status === 404) return notFound();
  return data({ result: submission.reply({ formErrors: [result.error] }) }, { status: result.status });
}

export default function ReportProblem({ loaderData, actionData }: Route.ComponentProps) {
  if ("notFound" in loaderData) {
    return (
      <PageContainer narrow>
        <h1 className="text-3xl font-bold text-slate-900">Group Not Found</h1>
        <Card className="mt-6">
          <p className="text-slate-600">We couldn't find that group, or you aren't a member of it.</p>
          <Link to="/dashboard" className={`${buttonClass("primary")} mt-4`}>
            Return to Dashboard
          </Link>
        </Card>
      </PageContainer>
    );
  }
  const { group, payment, paymentMissing } = loaderData;
  return (
    <PageContainer narrow>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={`/groups/${group.id}`} className="font-medium text-brand-700 underline">
          ← Back to {group.name}
        </Link>
      </nav>
      <h1 className="mt-3 text-3xl font-bold text-slate-900">Report a problem</h1>
      <p className="mt-2 text-slate-600">
        Tell us what went wrong in {group.name}. Our team reads every report and replies in the app and by email, usually within 24 hours.
      </p>
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
          <p className="mb-1 text-sm font-medium text-slate-800">About this payment</p>
          <PaymentSummary payment={payment} />
          <input type="hidden" name={fields.payment.name} value={payment.postingId} />
        </div>
      ) : paymentMissing ? (
        <p className="text-sm text-amber-900">That payment is not in this group's statement, so this report is about the group as a whole.</p>
      ) : null}
      <fieldset aria-describedby={fields.category.errors?.length ? categoryErrorId : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">What is the problem?</legend>
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
              <span className="text-slate-900">{category.label}</span>
            </label>
          ))}
        </div>
        <FieldErrors id={categoryErrorId} errors={fields.category.errors} />
      </fieldset>
      <div>
        <label htmlFor={fields.message.id} className="mb-1 block text-sm font-medium text-slate-800">
          What happened?
        </label>
        <textarea
          {...getTextareaProps(fields.message)}
          rows={6}
          className={inputClass}
          aria-describedby={[fields.message.errors?.length ? fields.message.errorId : null, `${fields.message.id}-hint`].filter(Boolean).join(" ")}
        />
        <p id={`${fields.message.id}-hint`} className="mt-1 text-xs text-slate-600">
          Up to {REPORT_MESSAGE_MAX.toLocaleString("en-US")} characters. Never include passwords or full bank account numbers.
        </p>
        <FieldErrors id={fields.message.errorId} errors={fields.message.errors} />
      </div>
      <button type="submit" className={buttonClass("primary")} disabled={submitting}>
        {submitting ? "Sending…" : "Send Report"}
      </button>
    </Form>
  );
}
