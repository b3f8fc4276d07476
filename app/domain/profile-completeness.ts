/**
 * Profile completeness (SPEC.md section 5): 8 fields — name, email, phone, address, city, state, zip, date of birth.
 * A name counts only when it is a real name: not empty, not the email, not the placeholder 'User'.
 */
export type CompletenessInput = {
  name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  dateOfBirth: string | null;
};

export const COMPLETENESS_FIELDS = ["name", "email", "phone", "address", "city", "state", "zipCode", "dateOfBirth"] as const;

export function isNameIncomplete(name: string | null | undefined, email: string | null | undefined) {
  const trimmed = name?.trim() ?? "";
  return trimmed === "" || trimmed === "User" || (email != null && trimmed.toLowerCase() === email.trim().toLowerCase());
}

function filled(field: (typeof COMPLETENESS_FIELDS)[number], profile: CompletenessInput) {
  if (field === "name") return !isNameIncomplete(profile.name, profile.email);
  const value = profile[field];
  return typeof value === "string" && value.trim() !== "";
}

/** Whole percent, 0-100, rounded to the nearest integer. */
export function profileCompleteness(profile: CompletenessInput) {
  const done = COMPLETENESS_FIELDS.filter((field) => filled(field, profile)).length;
  return Math.round((done / COMPLETENESS_FIELDS.length) * 100);
}

export function missingProfileFields(profile: CompletenessInput) {
  return COMPLETENESS_FIELDS.filter((field) => !filled(field, profile));
}

/** Bar colour: green at 80% or more, amber at 50% or more, else red. */
export function completenessTone(percent: number): "green" | "amber" | "red" {
  if (percent >= 80) return "green";
  if (percent >= 50) return "amber";
  return "red";
}
