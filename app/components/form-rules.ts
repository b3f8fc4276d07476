import { parse } from "@conform-to/react";
import type { FieldErrors } from "~/domain/auth-rules";

/**
 * Conform's `onValidate` for a form checked in the browser by plain rules (app/domain/auth-rules.ts) instead of a zod
 * schema: the submission Conform expects, with the same field errors the server would answer with. `Schema` is the
 * server schema's type (a type-only import: no zod in the browser's bundle).
 */
export function validateWith<Schema>(rules: (payload: Record<string, unknown>) => FieldErrors) {
  return ({ formData }: { formData: FormData }) =>
    parse(formData, {
      resolve: (payload) => {
        const error = rules(payload);
        // Typed as the server's schema (Conform's fields follow it); the server parses the value again, with zod.
        return Object.keys(error).length > 0 ? { error } : { value: payload as Schema };
      },
    });
}
