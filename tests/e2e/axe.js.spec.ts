import AxeBuilder from "@axe-core/playwright";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";

// expectNoSeriousA11yViolations puts axe into a document once and runs it for each state (ADR 060, part eight (q)).
// These prove that it still finds what @axe-core/playwright's analyze() finds, in the first state and in a later one.

const BROKEN = `<!doctype html><html lang="en"><head><title>axe check</title></head><body><main>
  <h1>Broken on purpose</h1>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
  <button id="empty"></button>
</main></body></html>`;

test("a serious violation fails the check, with the same rules as @axe-core/playwright's analyze()", async ({ page }) => {
  await page.setContent(BROKEN);
  const error = await expectNoSeriousA11yViolations(page).then(
    () => null,
    (caught: Error) => caught,
  );
  expect(error?.message).toContain("serious or critical axe violations");
  expect(error?.message).toContain("image-alt: Images must have alternative text (img)");
  expect(error?.message).toContain("button-name: Buttons must have discernible text (#empty)");

  const builder = await new AxeBuilder({ page }).analyze();
  const serious = builder.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((v) => v.id);
  expect(serious.sort()).toEqual(["button-name", "image-alt"]);
});

test("a later state of the same document is checked again: mended, it passes; broken again, it fails", async ({ page }) => {
  await page.setContent(BROKEN);
  await expect(expectNoSeriousA11yViolations(page)).rejects.toThrow("image-alt");
  await page.evaluate(() => {
    document.querySelector("img")?.setAttribute("alt", "A dot");
    document.querySelector("#empty")!.textContent = "Save";
  });
  await expectNoSeriousA11yViolations(page);
  await page.evaluate(() => {
    document.querySelector("#empty")!.textContent = "";
  });
  await expect(expectNoSeriousA11yViolations(page)).rejects.toThrow("button-name: Buttons must have discernible text (#empty)");
});
