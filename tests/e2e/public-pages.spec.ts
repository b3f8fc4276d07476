import type { Page } from "@playwright/test";
import { ADMIN, DEMO, expect, expectNoSeriousA11yViolations, login, test, toasts } from "./fixtures";

/**
 * axe runs inside the page, so it needs JavaScript; the "nojs" project sees the same server-rendered HTML, which the
 * "js" project has already checked.
 */
async function checkA11y(page: Page, javaScript: boolean) {
  if (javaScript) await expectNoSeriousA11yViolations(page);
}

/** Every public page with its exact h1. */
const PAGES = [
  { path: "/", h1: "Save Together, Grow Together" },
  { path: "/about", h1: "A savings tradition, made simple" },
  { path: "/careers", h1: "Careers at Rosca" },
  { path: "/contact", h1: "Contact Us" },
  { path: "/blog", h1: "The Rosca Blog" },
  { path: "/blog/what-is-a-rosca", h1: "What Is a ROSCA? The Savings Circle Found All Over the World" },
  { path: "/help", h1: "How can we help?" },
  { path: "/sharia", h1: "Saving together without riba" },
  { path: "/privacy", h1: "Privacy Policy" },
  { path: "/terms", h1: "Terms of Service" },
  { path: "/security", h1: "How we keep your account safe" },
  { path: "/auth-success", h1: "Email Confirmed" },
] as const;

/** The footer's links (SPEC.md section 2: the footer links to every info page). */
const FOOTER_LINKS = [
  { name: "About", path: "/about" },
  { name: "Careers", path: "/careers" },
  { name: "Contact", path: "/contact" },
  { name: "Blog", path: "/blog" },
  { name: "Help Center", path: "/help" },
  { name: "Sharia Compliance", path: "/sharia" },
  { name: "Privacy Policy", path: "/privacy" },
  { name: "Terms of Service", path: "/terms" },
  { name: "Security", path: "/security" },
] as const;

const ARTICLES = [
  { id: "what-is-a-rosca", title: "What Is a ROSCA? The Savings Circle Found All Over the World" },
  { id: "choosing-your-payout-position", title: "How to Pick Your Payout Position, and Why the Fee Is the Same for Every Turn" },
  { id: "sharia-compliant-saving", title: "Saving Without Riba: How a Rotating Savings Group Fits Islamic Finance" },
  { id: "running-a-group-with-friends", title: "Eight Tips for Running a Savings Group With Friends" },
] as const;

test.describe("public pages", () => {
  for (const { path, h1 } of PAGES) {
    test(`${path} renders its heading and passes axe`, async ({ page, javaScript }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      await expect(page).toHaveTitle(/Rosca/);
      await checkA11y(page, javaScript);
    });
  }

  test("the footer links to every info page", async ({ page }) => {
    for (const link of FOOTER_LINKS) {
      await page.goto("/");
      await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: link.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${link.path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    }
  });

  test("the landing page shows the example groups' exact figures and its calls to action", async ({ page }) => {
    await page.goto("/");
    const wedding = page.getByTestId("example-wedding");
    await expect(wedding.getByRole("heading", { name: "Wedding fund" })).toBeVisible();
    await expect(wedding).toContainText("10 members");
    await expect(wedding).toContainText("$500 bi-weekly");
    await expect(wedding).toContainText("5-month cycle");
    await expect(wedding.getByText("$5,000", { exact: true })).toBeVisible();

    const business = page.getByTestId("example-business");
    await expect(business.getByRole("heading", { name: "Business startup" })).toBeVisible();
    await expect(business).toContainText("$2,000 monthly");
    await expect(business).toContainText("10-month cycle");
    await expect(business.getByText("$20,000", { exact: true })).toBeVisible();

    const education = page.getByTestId("example-education");
    await expect(education.getByRole("heading", { name: "Education" })).toBeVisible();
    await expect(education).toContainText("$200 monthly");
    await expect(education).toContainText("10-month cycle");
    await expect(education.getByText("$2,000", { exact: true })).toBeVisible();

    await expect(page.getByRole("heading", { name: "How it works" })).toBeVisible();
    for (const step of ["Form a group", "Make regular contributions", "Take turns receiving the pot"]) {
      await expect(page.getByRole("heading", { name: step })).toBeVisible();
    }
    for (const point of ["Interest-free", "Sharia-compliant by design", "Bank-level security", "Transparent payout order"]) {
      await expect(page.getByRole("heading", { name: point, exact: true })).toBeVisible();
    }

    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Start Your Group" })).toHaveAttribute("href", "/register");
    await expect(main.getByRole("link", { name: "Learn More" })).toHaveAttribute("href", "/about");
    await main.getByRole("link", { name: "Learn More" }).click();
    await expect(page).toHaveURL(/\/about$/);
  });

  test("a signed-in visitor is offered the dashboard instead of registration", async ({ page }) => {
    await login(page, DEMO.email, DEMO.password, { dashboard: false });
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Go to Dashboard" }).first()).toHaveAttribute("href", "/dashboard");
    await expect(main.getByRole("link", { name: "Start Your Group" })).toHaveCount(0);
  });

  test("the FAQ opens and closes (without JavaScript too) and the guides are listed", async ({ page }) => {
    await page.goto("/help");
    const faq = page.locator("#faq details");
    expect(await faq.count()).toBeGreaterThanOrEqual(8);

    const answer = page.getByText("There is one fee: a flat group setup fee of $5-$10");
    await expect(answer).toBeHidden();
    await page.getByText("How much does Rosca cost?").click();
    await expect(answer).toBeVisible();
    await page.getByText("How much does Rosca cost?").click();
    await expect(answer).toBeHidden();

    for (const question of [
      "What happens if someone misses a payment?",
      "Is my money and personal information safe?",
      "Who can use Rosca?",
      "Is this real money? What does the demo phase mean?",
      "How is the payout order decided?",
      "Can I leave a group?",
      "How do I contact support?",
    ]) {
      await expect(page.getByText(question, { exact: true })).toBeVisible();
    }
    for (const guide of ["Getting started", "Creating a group", "Joining a group"]) {
      await expect(page.getByRole("heading", { name: guide, exact: true })).toBeVisible();
    }
  });

  test("the blog lists four articles and each one opens", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(4);
    for (const article of ARTICLES) {
      await page.goto("/blog");
      const card = page.getByRole("article", { name: article.title });
      await expect(card.locator("time")).toBeVisible();
      await expect(card).toContainText("By ");
      await card.getByRole("link", { name: article.title }).click();
      await expect(page).toHaveURL(new RegExp(`/blog/${article.id}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
    }
  });

  test("an unknown article is a 404 with a way back to the blog", async ({ page, javaScript }) => {
    const response = await page.goto("/blog/no-such-article");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Article not found");
    await expect(page.getByText("We couldn't find that article.")).toBeVisible();
    await page.getByRole("link", { name: "Back to the Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await checkA11y(page, javaScript);
  });

  test("the legal links from registration land on the policies", async ({ page }) => {
    await page.goto("/legal/terms");
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
    await page.goto("/legal/privacy");
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  });

  test("the policies state the terms of the service", async ({ page }) => {
    await page.goto("/terms");
    const terms = page.getByRole("main");
    await expect(terms).toContainText("Effective date: November 21, 2026");
    await expect(terms).toContainText("$5-$10");
    await expect(terms).toContainText("limited to the fees you paid to Rosca in the 12 months before the claim arose");
    await expect(terms).toContainText("at least 30 days notice");
    await expect(terms).toContainText("replies within 24 hours");
    await expect(terms).toContainText("at least 18 years old");
    await expect(terms).toContainText("no real money moves");

    await page.goto("/privacy");
    const privacy = page.getByRole("main");
    await expect(privacy).toContainText("Effective date: November 21, 2026");
    await expect(privacy).toContainText("for about five years");
    await expect(privacy).toContainText("at least 30 days notice");

    await page.goto("/security");
    const security = page.getByRole("main");
    await expect(security).toContainText("argon2id");
    await expect(security).toContainText("30 minutes");
    await expect(security).toContainText("our bank-linking provider");
    await expect(security).not.toContainText(/plaid/i);
  });
});

test.describe("contact form", () => {
  test("an empty submission shows every validation message", async ({ page, javaScript }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    const form = page.getByRole("main").locator("form");
    await expect(form.getByText("Please enter your name", { exact: true })).toBeVisible();
    await expect(form.getByText("Please enter your email address", { exact: true })).toBeVisible();
    await expect(form.getByText("Please choose a topic", { exact: true })).toBeVisible();
    await expect(form.getByText("Please enter a message", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await checkA11y(page, javaScript);
  });

  test("invalid fields keep what was typed and say what is wrong", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Name", { exact: true }).fill("Amina Yusuf");
    await page.getByLabel("Email", { exact: true }).fill("amina@");
    await page.getByLabel("Topic", { exact: true }).selectOption({ label: "Sandbox access" });
    await page.getByLabel("Message", { exact: true }).fill("Too short");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter a valid email address", { exact: true })).toBeVisible();
    await expect(page.getByText("Message must be at least 10 characters", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Amina Yusuf");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("amina@");
    await expect(page.getByLabel("Topic", { exact: true })).toHaveValue("sandbox");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Too short");
  });

  test("a valid message is sent, confirmed with a toast and emailed to support", async ({ page, javaScript }) => {
    const name = `Amina ${javaScript ? "js" : "nojs"} ${Date.now().toString(36)}`;
    await page.goto("/contact");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Email", { exact: true }).fill("amina@example.com");
    await page.getByLabel("Topic", { exact: true }).selectOption({ label: "Groups, contributions and payouts" });
    await page.getByLabel("Message", { exact: true }).fill("Can a bi-weekly group contribute on Fridays?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(toasts(page)).toContainText("Message Sent");
    await expect(toasts(page)).toContainText("Our support team replies within 24 hours.");
    // The form starts fresh after a successful send.
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");

    // Support receives it (the dev mailbox shows what the mail double captured; support's mail, to the admin).
    await login(page, ADMIN.email, ADMIN.password, { dashboard: false });
    await page.goto(`/dev/mailbox?${new URLSearchParams({ to: "support@rosca.example" })}`);
    await expect(page.getByRole("link", { name: new RegExp(name) })).toBeVisible();
  });

  test("a bot that fills the hidden honeypot field sees success, but nothing is sent", async ({ page, javaScript }) => {
    const name = `Honeypot ${javaScript ? "js" : "nojs"} ${Date.now().toString(36)}`;
    await page.goto("/contact");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Email", { exact: true }).fill("bot@example.com");
    await page.getByLabel("Topic", { exact: true }).selectOption("general");
    await page.getByLabel("Message", { exact: true }).fill("Cheap followers, best prices, click now");
    await page.locator('input[name="website"]').fill("http://spam.example");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toasts(page)).toContainText("Message Sent");
    // The admin sees all of support's mail, and this one is not there.
    await login(page, ADMIN.email, ADMIN.password, { dashboard: false });
    await page.goto(`/dev/mailbox?${new URLSearchParams({ to: "support@rosca.example" })}`);
    await expect(page.getByText("You are an administrator: you see every captured message.")).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
  });

  test("the careers page preselects the careers topic", async ({ page }) => {
    await page.goto("/careers");
    await page.getByRole("link", { name: "Contact Us About Careers" }).click();
    await expect(page).toHaveURL(/\/contact\?topic=careers$/);
    await expect(page.getByLabel("Topic", { exact: true })).toHaveValue("careers");
  });
});
