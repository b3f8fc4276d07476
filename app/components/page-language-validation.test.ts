import { describe, expect, it } from "vitest";
import { type InvalidField, invalidFieldMessage } from "./page-language-validation";

const valid: InvalidField["validity"] = {
  valueMissing: false,
  typeMismatch: false,
  badInput: false,
  rangeUnderflow: false,
  rangeOverflow: false,
  stepMismatch: false,
  tooShort: false,
  tooLong: false,
  patternMismatch: false,
};
const field = (type: string, failed: Partial<InvalidField["validity"]>, rest: Partial<InvalidField> = {}): InvalidField => ({
  type,
  validity: { ...valid, ...failed },
  ...rest,
});
const spanishNumbers = (value: number) => new Intl.NumberFormat("es-US").format(value);

describe("the browser's form checks in the page's language", () => {
  it("words a missing value by the kind of field", () => {
    expect(invalidFieldMessage(field("checkbox", { valueMissing: true }), spanishNumbers)).toEqual({ id: "form.invalid.checkbox" });
    expect(invalidFieldMessage(field("radio", { valueMissing: true }), spanishNumbers)).toEqual({ id: "form.invalid.choose" });
    expect(invalidFieldMessage(field("select-one", { valueMissing: true }), spanishNumbers)).toEqual({ id: "form.invalid.choose" });
    expect(invalidFieldMessage(field("text", { valueMissing: true }), spanishNumbers)).toEqual({ id: "form.invalid.required" });
    expect(invalidFieldMessage(field("textarea", { valueMissing: true }), spanishNumbers)).toEqual({ id: "form.invalid.required" });
  });

  it("gives a range's limit as a number in the page's language", () => {
    expect(invalidFieldMessage(field("number", { rangeUnderflow: true }, { min: "1" }), spanishNumbers)).toEqual({
      id: "form.invalid.min",
      values: { min: "1" },
    });
    expect(invalidFieldMessage(field("number", { rangeOverflow: true }, { max: "1200" }), spanishNumbers)).toEqual({
      id: "form.invalid.max",
      values: { max: "1,200" },
    });
    expect(
      invalidFieldMessage(field("number", { rangeOverflow: true }, { max: "1200.5" }), (value) => new Intl.NumberFormat("en-US").format(value)),
    ).toEqual({
      id: "form.invalid.max",
      values: { max: "1,200.5" },
    });
  });

  it("words a number, an email, a step, a length and a format", () => {
    expect(invalidFieldMessage(field("number", { badInput: true }), spanishNumbers)).toEqual({ id: "form.invalid.number" });
    expect(invalidFieldMessage(field("email", { typeMismatch: true }), spanishNumbers)).toEqual({ id: "form.invalid.email" });
    expect(invalidFieldMessage(field("number", { stepMismatch: true }), spanishNumbers)).toEqual({ id: "form.invalid.step" });
    expect(invalidFieldMessage(field("text", { tooShort: true }, { minLength: 8 }), spanishNumbers)).toEqual({
      id: "form.invalid.tooShort",
      values: { count: 8 },
    });
    expect(invalidFieldMessage(field("text", { tooLong: true }, { maxLength: 80 }), spanishNumbers)).toEqual({
      id: "form.invalid.tooLong",
      values: { count: 80 },
    });
    expect(invalidFieldMessage(field("text", { patternMismatch: true }), spanishNumbers)).toEqual({ id: "form.invalid.format" });
  });

  it("leaves to the browser what it has no words for", () => {
    expect(invalidFieldMessage(field("url", { typeMismatch: true }), spanishNumbers)).toBeNull();
    expect(invalidFieldMessage(field("date", { badInput: true }), spanishNumbers)).toBeNull();
    expect(invalidFieldMessage(field("number", { rangeUnderflow: true }), spanishNumbers)).toBeNull();
    expect(invalidFieldMessage(field("text", {}), spanishNumbers)).toBeNull();
  });
});
