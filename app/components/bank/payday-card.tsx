import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { Card } from "~/components/ui/page";
import { paydayChoices } from "~/domain/payday";

/**
 * The member's payday (optional): after a debit fails for want of money, it is tried again the day after it. A plain
 * form (a select and a button), so it works without JavaScript.
 */
export function PaydayCard({ payday, busy, action }: { payday: string; busy: boolean; action: string }) {
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-slate-900">When you're paid</h2>
      <p className="mt-2 text-sm text-slate-600">
        Optional. If a contribution comes back because the money wasn't there yet, we try it again the day after your next payday (within two weeks)
        instead of three days later.
      </p>
      <Form method="post" action={action} className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor="payday" className="mb-1 block text-sm font-medium text-slate-800">
            Payday
          </label>
          <select id="payday" name="payday" defaultValue={payday} className={inputClass}>
            <option value="">Not set</option>
            {paydayChoices().map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" name="intent" value="save-payday" className={buttonClass("secondary")} disabled={busy}>
          Save payday
        </button>
      </Form>
    </Card>
  );
}
