/** Feedback shown to the user (SPEC.md section 9: errors 4 s, successes 2 s, at most 20 at once). */
export type ToastType = "success" | "error" | "info" | "warning";
export type Toast = { id: string; type: ToastType; title: string; description?: string };
export type ToastInput = { type?: ToastType; title: string; description?: string };

export const MAX_TOASTS = 20;
/** In-app notices (the inline kind) close after 5 s. */
export const NOTICE_DURATION_MS = 5000;

export function toastDurationMs(type: ToastType) {
  if (type === "error") return 4000;
  if (type === "success") return 2000;
  return NOTICE_DURATION_MS;
}
