import { describe, expect, it } from "vitest";
import { describeGroup } from "../../domain/groups";
import { groupDescription } from "./email-words";

const group = (memberCount: number, contributionCents: number, description = "stored") => ({ description, memberCount, contributionCents });

describe("the group header's line in the reader's language", () => {
  it("is the line stored at creation for an English reader, word for word", () => {
    const draft = { memberCount: 5, contributionCents: 10_000, schedule: { frequency: "monthly" as const, dayOfWeek: null, dayOfMonth: 15 } };
    const stored = describeGroup(draft);
    expect(stored).toBe("A group of 5 saving $100.00 monthly on the 15th");
    expect(groupDescription(group(5, 10_000, stored), draft.schedule, "en-US")).toBe(stored);
  });

  it("says the same facts in Spanish, whatever the stored English", () => {
    expect(groupDescription(group(5, 10_000), { frequency: "monthly", dayOfWeek: null, dayOfMonth: 15 }, "es-US")).toBe(
      "Una tanda de 5 personas que ahorran $100.00 cada mes, el día 15",
    );
    expect(groupDescription(group(3, 5_000), { frequency: "weekly", dayOfWeek: 2, dayOfMonth: null }, "es-US")).toBe(
      "Una tanda de 3 personas que ahorran $50.00 cada martes",
    );
    expect(groupDescription(group(12, 105_000), { frequency: "biweekly", dayOfWeek: 5, dayOfMonth: null }, "es-US")).toBe(
      "Una tanda de 12 personas que ahorran $1,050.00 cada dos semanas, los viernes",
    );
  });
});
