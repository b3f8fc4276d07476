import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, type MetaArgs, useLocation, useNavigation } from "react-router";
import { metaTranslator, T, useLocale, useT } from "~/components/i18n";
import { readForm } from "~/server/platform/request-body.server";
import { requestInfo } from "~/server/platform/request-context.server";
import type { Route } from "./+types/contact";
import { PageHeader } from "~/components/marketing/page-header";
import { Button } from "~/components/ui/button";
import { Field, FieldErrors, inputClass } from "~/components/ui/field";
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MESSAGE_MAX,
  CONTACT_SUCCESS_TOAST,
  CONTACT_TOPICS,
  contactSchema,
  contactTopicLabel,
  isContactTopic,
} from "~/domain/contact";
import { getOptionalUser } from "~/server/auth/guards.server";
import { consumeAttempt } from "~/server/auth/rate-limit.server";
import { submitContactMessage } from "~/server/admin/contact.server";
import { redirectWithToast } from "~/server/notifications/toast.server";

export const meta = ({ matches }: MetaArgs) => {
  const t = metaTranslator(matches);
  return [{ title: t("shell.pageTitle", { title: t("content.contact.title") }) }, { name: "description", content: t("content.contact.description") }];
};

export async function loader({ request }: Route.LoaderArgs) {
  // Signed-in members get their name and email filled in; ?topic= preselects a topic (e.g. from the careers page).
  const session = await getOptionalUser(request);
  const topic = new URL(request.url).searchParams.get("topic");
  return {
    defaults: {
      name: session?.user.name && session.user.name !== "User" ? session.user.name : "",
      email: session?.user.email ?? "",
      topic: isContactTopic(topic) ? topic : "",
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);

  // A bot filled the hidden field: answer exactly as for a person, so it learns nothing, but keep and send nothing.
  const honeypot = formData.get(CONTACT_HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    return redirectWithToast(request, "/contact", CONTACT_SUCCESS_TOAST);
  }

  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  if (!(await consumeAttempt([["contact-ip", requestInfo(context).clientIp]]))) {
    return data(submission.reply({ formErrors: ["You've sent several messages in a short time. Please wait an hour, or email us directly."] }), {
      status: 429,
    });
  }

  const { name, email, topic, message } = submission.value;
  const session = await getOptionalUser(request);
  await submitContactMessage({ userId: session?.user.id ?? null, name, email, topic, topicLabel: contactTopicLabel(topic), message });

  return redirectWithToast(request, "/contact", CONTACT_SUCCESS_TOAST);
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  // A successful send redirects here with a new location key, which remounts (and so clears) the form.
  const location = useLocation();
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t("content.contact.eyebrow")} title={t("content.contact.title")} lead={<p>{t("content.contact.lead")}</p>} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <ContactForm key={location.key} defaults={loaderData.defaults} lastResult={actionData} />
        <aside aria-labelledby="contact-other-title" className="space-y-6 text-slate-700">
          <h2 id="contact-other-title" className="text-lg font-semibold text-slate-900">
            {t("content.contact.before")}
          </h2>
          <p>
            <T id="content.contact.helpCenter" components={{ 0: <Link to="/help" className="font-medium text-brand-800 underline" /> }} />
          </p>
          <p>
            <T
              id="content.contact.security"
              components={{ 0: <strong />, 1: <Link to="/security" className="font-medium text-brand-800 underline" /> }}
            />
          </p>
          <p>{t("content.contact.never")}</p>
        </aside>
      </div>
    </>
  );
}

function ContactForm({
  defaults,
  lastResult,
}: {
  defaults: { name: string; email: string; topic: string };
  lastResult: Route.ComponentProps["actionData"];
}) {
  const navigation = useNavigation();
  const t = useT();
  const locale = useLocale();
  const [form, fields] = useForm({
    id: "contact",
    // The server's reply (errors and the submitted values) renders the form again, with or without JavaScript.
    lastResult,
    defaultValue: { ...defaults, message: "" },
    constraint: getZodConstraint(contactSchema),
    // Validate on submit (then live while correcting): errors appearing on blur shift the button under the pointer.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: contactSchema });
    },
  });
  const submitting = navigation.state === "submitting" && navigation.formAction === "/contact";

  return (
    <section aria-labelledby="contact-form-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="contact-form-title" className="text-xl font-semibold text-slate-900">
        {t("content.contact.formTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("content.contact.allRequired")}</p>
      <Form method="post" action="/contact" {...getFormProps(form)} className="mt-6 space-y-5">
        <FieldErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label={t("content.contact.name")}
            inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
            errors={fields.name.errors}
          />
          <Field
            label={t("content.contact.email")}
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
            errors={fields.email.errors}
          />
        </div>

        <div>
          <label htmlFor={fields.topic.id} className="mb-1 block text-sm font-medium text-slate-800">
            {t("content.contact.topic")}
          </label>
          <select {...getSelectProps(fields.topic)} className={inputClass}>
            <option value="">{t("content.contact.chooseTopic")}</option>
            {CONTACT_TOPICS.map((topic) => (
              <option key={topic.value} value={topic.value}>
                {t(`content.contact.topic.${topic.value}`)}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.topic.errorId} errors={fields.topic.errors} />
        </div>

        <div>
          <label htmlFor={fields.message.id} className="mb-1 block text-sm font-medium text-slate-800">
            {t("content.contact.message")}
          </label>
          <textarea
            {...getTextareaProps(fields.message)}
            rows={7}
            className={inputClass}
            aria-describedby={[fields.message.errors?.length ? fields.message.errorId : null, `${fields.message.id}-hint`].filter(Boolean).join(" ")}
          />
          <p id={`${fields.message.id}-hint`} className="mt-1 text-xs text-slate-600">
            {t("content.contact.hint", { max: CONTACT_MESSAGE_MAX.toLocaleString(locale) })}
          </p>
          <FieldErrors id={fields.message.errorId} errors={fields.message.errors} />
        </div>

        {/* Honeypot: hidden from people and assistive technology, left empty by everyone but bots. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">{t("content.contact.honeypot")}</label>
          <input id="contact-website" type="text" name={CONTACT_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>

        <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
          {submitting ? t("content.contact.sending") : t("content.contact.send")}
        </Button>
      </Form>
    </section>
  );
}
