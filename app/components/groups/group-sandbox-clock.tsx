import { Form, useNavigation } from "react-router";
import { useLocale, useT } from "~/components/i18n";
import { buttonClass } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { formatCalendarDay } from "~/domain/format";
import { plural } from "~/domain/plural";
import type { GroupPageView } from "~/server/groups/group-views.server";

/** The days a single "Advance by" may move the clock (the server checks the same bounds). */
export const ADVANCE_DAYS_MIN = 1;
export const ADVANCE_DAYS_MAX = 400;

export function daysAheadLabel(days: number) {
  return `(${plural(days, { one: "day", other: "days" })} ahead of real time)`;
}

/**
 * The group's sandbox clock: the day the group is living (real time plus the offset its admin moved it by) and, for the
 * group admin or a platform admin, the buttons that move it forward. Plain form posts, so they work without
 * JavaScript; with it, the pressed button shows that the replay is running (advancing can take seconds).
 */
export function GroupSandboxClock({
  group,
  canAdvance,
  refused = null,
}: {
  group: Pick<GroupPageView, "today" | "clockOffsetDays">;
  canAdvance: boolean;
  /** An "Advance by" the server refused: what was typed, and why (in the reader's language). */
  refused?: { days: string; error: string } | null;
}) {
  const navigation = useNavigation();
  const t = useT();
  const locale = useLocale();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const busy = pendingIntent === "advance-next" || pendingIntent === "advance-days";
  return (
    // Not <Card>: its white background would fight the sandbox tint; same shape, dashed violet so it reads as "not real".
    <div className="rounded-2xl border border-dashed border-violet-300 bg-violet-50 p-6 shadow-sm">
      <section aria-labelledby="sandbox-clock-title" data-testid="sandbox-clock">
        <p className="text-xs font-semibold tracking-wide text-violet-800 uppercase">{t("groupPage.clock.sandbox")}</p>
        {/* data-date: the day as a machine reads it (ISO), whatever the language the heading is written in (e2e helpers). */}
        <h2 id="sandbox-clock-title" data-date={group.today} className="mt-1 text-lg font-semibold text-slate-900">
          {t("groupPage.clock.time", { date: formatCalendarDay(group.today, "full", locale) })}
        </h2>
        {group.clockOffsetDays > 0 ? (
          <p className="text-sm font-medium text-violet-900">{t("groupPage.clock.ahead", { count: group.clockOffsetDays })}</p>
        ) : null}
        <p className="mt-2 text-sm text-slate-700">{t("groupPage.clock.lead")}</p>
        {canAdvance ? (
          <div className="mt-4 flex flex-wrap items-end gap-x-6 gap-y-4">
            <Form method="post" preventScrollReset>
              <button
                type="submit"
                name="intent"
                value="advance-next"
                className={buttonClass("primary")}
                disabled={busy}
                aria-busy={pendingIntent === "advance-next" ? true : undefined}
              >
                {pendingIntent === "advance-next" ? t("groupPage.clock.advancing") : t("groupPage.clock.advanceNext")}
              </button>
            </Form>
            <Form method="post" preventScrollReset>
              <fieldset className="flex flex-wrap items-end gap-2">
                <legend className="mb-1 text-sm font-medium text-slate-800">{t("groupPage.clock.advanceBy")}</legend>
                <div>
                  <label htmlFor="advance-days" className="mb-1 block text-xs text-slate-700">
                    {t("groupPage.clock.days")}
                  </label>
                  <input
                    id="advance-days"
                    name="days"
                    type="number"
                    inputMode="numeric"
                    min={ADVANCE_DAYS_MIN}
                    max={ADVANCE_DAYS_MAX}
                    step={1}
                    required
                    defaultValue={refused ? refused.days : 1}
                    aria-invalid={refused ? true : undefined}
                    aria-describedby={refused ? "advance-days-error" : undefined}
                    className={`${inputClass} w-24`}
                  />
                  <FieldErrors id="advance-days-error" errors={refused ? [refused.error] : null} />
                </div>
                <button
                  type="submit"
                  name="intent"
                  value="advance-days"
                  className={buttonClass("secondary")}
                  disabled={busy}
                  aria-busy={pendingIntent === "advance-days" ? true : undefined}
                >
                  {pendingIntent === "advance-days" ? t("groupPage.clock.advancing") : t("groupPage.clock.advance")}
                </button>
              </fieldset>
            </Form>
          </div>
        ) : null}
      </section>
    </div>
  );
}
