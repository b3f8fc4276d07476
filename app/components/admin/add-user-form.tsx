import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { useT } from "~/components/i18n";
import { buttonClass } from "~/components/ui/button";
import { Field, FieldErrors } from "~/components/ui/field";
import { Card } from "~/components/ui/page";
import { addUserSchema } from "~/domain/admin";
import { ListStateFields, type AdminListState } from "./admin-panels";

/** Add a user by email (SPEC.md section 2 /admin). Errors render from the server's reply, with or without JavaScript. */
export function AddUserForm({ lastResult, list }: { lastResult?: SubmissionResult<string[]> | null; list: AdminListState }) {
  const navigation = useNavigation();
  const t = useT();
  const [form, fields] = useForm({
    id: "add-user",
    lastResult,
    constraint: getZodConstraint(addUserSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: addUserSchema });
    },
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-user";
  return (
    <Card>
      <section aria-labelledby="add-user-title">
        <h2 id="add-user-title" className="text-lg font-semibold text-slate-900">
          {t("admin.addUser.heading")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("admin.addUser.lead")}</p>
        <Form method="post" action="/admin" {...getFormProps(form)} noValidate className="mt-4 flex flex-wrap items-start gap-2">
          <input type="hidden" name="intent" value="add-user" />
          <ListStateFields {...list} />
          <FieldErrors id={form.errorId} errors={form.errors} />
          <div className="min-w-64 flex-1">
            <Field
              label={t("admin.addUser.email")}
              inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
              errors={fields.email.errors}
            />
          </div>
          <button type="submit" className={buttonClass("primary", "mt-6")} disabled={submitting}>
            {t("admin.addUser.submit")}
          </button>
        </Form>
      </section>
    </Card>
  );
}
