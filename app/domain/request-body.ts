/**
 * What a person sees when a request body cannot be read (app/server/platform/request-body.server.ts throws these statuses;
 * the root error boundary shows the message). Plain language: these happen to people only when a network cuts a
 * form short or a page was left open across a change of the form.
 */
export type BodyErrorStatus = 400 | 413 | 415;

export const BODY_ERROR_MESSAGES: Record<BodyErrorStatus, string> = {
  400: "The form could not be read: it arrived incomplete or malformed. Go back, reload the page and submit it again.",
  413: "What you sent is too large for this page. Go back and submit less.",
  415: "This page accepts forms only in the format browsers send them. Go back, reload the page and submit it again.",
};

export function isBodyErrorStatus(status: number): status is BodyErrorStatus {
  return status === 400 || status === 413 || status === 415;
}
