/**
 * The English catalogue (ADR 056): every message id and its English text, exactly as SPEC.md writes it. es-US.ts has
 * the same ids (its type says so, messages.test.ts checks it again at run time). ICU MessageFormat: `{name}` for a
 * value, `{count, plural, …}` for plurals, `<0>…</0>` around an element the page supplies (a link).
 *
 * Only the server imports this as a value (app/server/platform/locale.server.ts); components import its type only, so
 * the browser downloads the active language's compiled messages from the root loader and never this file.
 */
import { AUTH_MESSAGES, CONFIRM_MESSAGES, REGISTER_ERRORS, RESET_MESSAGES } from "../auth";
import { FIELD_MESSAGES, SECURITY_MESSAGES } from "../auth-rules";
import { BODY_ERROR_MESSAGES } from "../request-body";

const UI = {
  // The shell: every page's header, footer, skip link and the demo strip.
  "shell.title": "Rosca — Save Together, Grow Together",
  "shell.description": "Interest-free rotating savings groups for friends, family and colleagues. Sharia-compliant, for US residents 18+.",
  "shell.skip": "Skip to content",
  "shell.pageTitle": "{title} | Rosca",
  "header.main": "Main",
  "header.dashboard": "Dashboard",
  "header.admin": "Admin",
  "header.login": "Login",
  "header.signUp": "Sign Up",
  "header.menu": "Menu",
  "header.signedInAs": "Signed in as {name}",
  "header.notifications": "Notifications",
  "header.notificationsUnread": "Notifications ({count} unread)",
  "header.profile": "Profile",
  "header.reports": "Reports",
  "header.bankAccounts": "Bank Accounts",
  "header.adminDashboard": "Admin Dashboard",
  "header.logout": "Logout",
  "language.label": "Language",
  // Profile → Notifications: the language preference (stored on the account; ADR 056).
  "profile.language.heading": "Language",
  "profile.language.hint": "Pages and the emails we send you are in this language.",
  "profile.language.label": "Language",
  "profile.language.save": "Save Language",
  "footer.label": "Footer",
  "footer.about": "About",
  "footer.careers": "Careers",
  "footer.contact": "Contact",
  "footer.blog": "Blog",
  "footer.help": "Help Center",
  "footer.sharia": "Sharia Compliance",
  "footer.privacy": "Privacy Policy",
  "footer.terms": "Terms of Service",
  "footer.security": "Security",
  "footer.note":
    "Interest-free rotating savings for US residents 18+. Demo phase: bank connections use a sandbox, and no real money moves. © {year} Rosca.",
  "demo.label": "Demo notice",
  "demo.title": "Demo — no real money",
  "demo.body": "Banks are a sandbox and payments are simulated.",
  "demo.mailbox": "Emails we send appear in the <0>demo mailbox</0>.",

  // The error page.
  "error.busyTitle": "This is taking longer than it should",
  "error.busy": "We couldn't load this page in time. Nothing was lost. Please try again in a moment.",
  "error.title": "Something went wrong",
  "error.unexpected": "We hit an unexpected problem showing this page. Your data is safe. Try again, or head back home.",
  "error.refresh": "Refresh Page",
  "error.home": "Go Home",
  "error.body400": BODY_ERROR_MESSAGES[400],
  "error.body413": BODY_ERROR_MESSAGES[413],
  "error.body415": BODY_ERROR_MESSAGES[415],

  // The landing page (SPEC.md section 2).
  "home.description":
    "Rotating savings groups for friends, family and colleagues: everyone contributes the same amount and takes a turn receiving the whole pot. Interest-free and Sharia-compliant.",
  "home.badge": "Interest-free · Sharia-compliant · For US residents 18+",
  "home.title": "Save Together, Grow Together",
  "home.lead":
    "Rosca brings the rotating savings circle your family may already know, a tanda, susu, hagbad or paluwagan, online. Everyone contributes the same amount on a schedule, and each member takes a turn receiving the whole pot. No interest, no credit check, no surprises.",
  "home.dashboard": "Go to Dashboard",
  "home.start": "Start Your Group",
  "home.learnMore": "Learn More",
  "home.demo": "Demo phase: bank connections use a sandbox, and no real money moves.",
  "home.sample.title": "Family circle, 5 members",
  "home.sample.terms": "$200 each month · $1,000 payout per turn",
  "home.sample.turn": "Turn {number}: {name}",
  "home.sample.you": "You",
  "home.sample.january": "January",
  "home.sample.february": "February",
  "home.sample.march": "March",
  "home.sample.april": "April",
  "home.sample.may": "May",
  "home.sample.paidOut": "Paid out",
  "home.sample.next": "Next",
  "home.sample.upcoming": "Upcoming",
  "home.sample.total": "Everyone pays in $1,000 over five months and receives $1,000 once.",
  "home.how.title": "How it works",
  "home.how.intro": "Three steps, repeated until every member has had a turn.",
  "home.how.form.title": "Form a group",
  "home.how.form.body":
    "Invite 3 to 12 people you already trust: friends, family or colleagues. Together you agree on one contribution amount, a schedule and the payout order before anyone pays a cent.",
  "home.how.contribute.title": "Make regular contributions",
  "home.how.contribute.body":
    "Every member puts in the same amount on the same day each period, weekly, every two weeks or monthly. Contributions are collected automatically from each member's linked bank account.",
  "home.how.receive.title": "Take turns receiving the pot",
  "home.how.receive.body":
    "Each period one member receives the whole pot: the contribution times the number of members. The cycle ends when everyone has had exactly one turn.",
  "home.trust.title": "Built on trust, backed by safeguards",
  "home.trust.intro": "A savings circle works because members keep their promises. Rosca makes those promises easy to keep and easy to check.",
  "home.trust.interest.title": "Interest-free",
  "home.trust.interest.body":
    "Nobody pays interest and nobody earns it. You receive exactly what the group puts in, whether your turn comes first or last.",
  "home.trust.sharia.title": "Sharia-compliant by design",
  "home.trust.sharia.body":
    "No riba, no hidden charges, no uncertainty about what you owe. Our only fee is a flat setup fee that is the same for every member.",
  "home.trust.sharia.link": "How we approach Sharia compliance",
  "home.trust.security.title": "Bank-level security",
  "home.trust.security.body":
    "Passwords are hashed with argon2id, sessions end after 30 minutes of inactivity, and bank connections go through our bank-linking provider. We never see your bank password.",
  "home.trust.security.link": "Read about our security",
  "home.trust.order.title": "Transparent payout order",
  "home.trust.order.body":
    "Every member sees the full schedule: who receives the pot, on which date, and how much. Random draws can be checked by any member.",
  "home.examples.title": "Example groups",
  "home.examples.intro": "Every member pays the same and receives the same. Each payout is the contribution times the number of members.",
  "home.examples.note":
    "These examples show how rotating savings works. During the demo phase, Rosca groups have {minMembers} to {maxMembers} members and contributions of {minContribution} to {maxContribution} per period.",
  "home.example.wedding.name": "Wedding fund",
  "home.example.wedding.purpose": "Ten friends help each other pay for weddings, one couple at a time.",
  "home.example.business.name": "Business startup",
  "home.example.business.purpose": "Colleagues pool savings so each can buy equipment or stock for a side business.",
  "home.example.education.name": "Education",
  "home.example.education.purpose": "Parents take turns covering tuition, books or a laptop for the new school year.",
  "home.example.biweekly": "bi-weekly",
  "home.example.monthly": "monthly",
  "home.example.cycle": "{months}-month cycle",
  "home.example.membersNote": "A {months}-month monthly cycle means {members} members.",
  "home.example.members": "Members",
  "home.example.memberCount": "{count} members",
  "home.example.contribution": "Contribution",
  "home.example.cycleLabel": "Cycle",
  "home.example.payIn": "You pay in",
  "home.example.payInTotal": "{amount} in total",
  "home.example.payout": "Payout per turn",
  "home.example.formula": "{amount} × {members} members",
  "home.cta.title": "Ready to start your circle?",
  "home.cta.body": "Create a free account, invite the people you trust, and agree on an amount that works for everyone.",
  "home.cta.create": "Create Your Account",
  "home.cta.about": "About Rosca",

  // /register (SPEC.md section 2).
  "register.title": "Create your account — Rosca",
  "register.heading": "Create your account",
  "register.haveAccount": "Already have an account?",
  "register.login": "Log in",
  "register.fullName": "Full name",
  "register.email": "Email",
  "register.password": "Password",
  "register.passwordHint": "At least 8 characters, with an uppercase letter, a lowercase letter and a number.",
  "register.confirmPassword": "Confirm password",
  "register.terms": "I agree to the <0>Terms of Service</0> and <1>Privacy Policy</1>, and I confirm I am a US resident aged 18 or over.",
  "register.submit": "Create Account",
  "register.submitting": "Creating account…",

  // /login (SPEC.md section 2).
  "login.title": "Log in — Rosca",
  "login.heading": "Log in to your account",
  "login.invitationTitle": "You have an invitation",
  "login.invitation": "Log in, or create an account if you are new to Rosca, and we'll take you straight to the group that invited you.",
  "login.newHere": "New here?",
  "login.createAccount": "Create an account",
  "login.resendConfirmation": "Resend confirmation email",
  "login.email": "Email",
  "login.password": "Password",
  "login.show": "Show",
  "login.hide": "Hide",
  "login.remember": "Remember me",
  "login.forgot": "Forgot your password?",
  "login.noConfirmation": "Didn't get the confirmation email?",
  "login.submit": "Log In",
  "login.submitting": "Logging in…",
  "login.demo": "Use demo account",
  "login.twoFactor.heading": "Two-factor authentication",
  "login.twoFactor.lead": "Enter the 6-digit code from your authenticator app.",
  "login.twoFactor.code": "Authentication code",
  "login.twoFactor.submit": "Verify",
  "login.twoFactor.submitting": "Verifying…",
  "login.back": "Back to Login",
  "login.reset.heading": "Reset your password",
  "login.reset.lead": "Enter your email and we'll send you a link to choose a new password.",
  "login.reset.submit": "Send Reset Link",
  "login.sending": "Sending…",
  "login.resend.lead": "Enter the address you signed up with and we'll send a new confirmation link.",

  // The Help Center (SPEC.md section 1).
  "help.title": "Help Center",
  "help.description": "Answers about fees, missed payments, payout order, security and the demo phase, plus step-by-step guides.",
  "help.heading": "How can we help?",
  "help.lead": "Answers to the questions members ask most, and step-by-step guides for getting started, creating a group and joining one.",
  "help.topics": "Help topics",
  "help.faq": "Frequently asked questions",
  "help.faqIntro": "Select a question to see its answer.",
  "help.guides": "Step-by-step guides",
  "help.still": "Still need help?",
  "help.stillBody": "Send us a message and our support team will reply within 24 hours. For how we keep accounts safe, see our <0>security page</0>.",
  "help.contact": "Contact Support",

  // The legal pages.
  "legal.eyebrow": "Legal",
  "legal.effective": "Effective date: {date}",
  "legal.onThisPage": "On this page",
  "legal.englishOnly": "This document is available in English only for now; the English version governs.",
  "terms.title": "Terms of Service",
  "terms.description": "The terms for using Rosca: eligibility, the demo phase, how groups work, fees and your commitments to your group.",
  "privacy.title": "Privacy Policy",
} as const;

/**
 * Texts the server writes in English and the page shows as they came (validation messages, an error's title, a
 * toast): SPEC.md fixes their English, so the catalogue holds them under their own words and the page translates the
 * text it received (`useTranslateText`, app/components/i18n.tsx).
 */
export const SERVER_TEXTS = [
  ...Object.values(FIELD_MESSAGES),
  SECURITY_MESSAGES.codeRequired,
  SECURITY_MESSAGES.invalidCode,
  AUTH_MESSAGES.invalidCredentials,
  AUTH_MESSAGES.tooManyAttempts,
  AUTH_MESSAGES.accountExists,
  AUTH_MESSAGES.resetSent,
  ...Object.values(CONFIRM_MESSAGES),
  RESET_MESSAGES.tooMany,
  RESET_MESSAGES.sendFailed,
  ...Object.values(REGISTER_ERRORS).flatMap((error) => [error.title, error.message]),
  // nameError(name, "Full name") (app/domain/names.ts), the register form's name check.
  "Full name can't contain line breaks, tabs or other control characters",
  "Full name can't contain characters that change the direction of the text",
  "Full name can't contain invisible characters, such as zero-width spaces",
  "Account Already Exists",
  "Registration Successful",
  "Please check your email to confirm your account.",
  "Login Failed",
  "Login Successful",
  "Welcome!",
  "Welcome back!",
  "Verification Expired",
  "Please log in again.",
  "Reset Failed",
  "Check Your Email",
  "Invalid Email",
  // Profile → Notifications: the language preference saved.
  "Language Saved",
  "From now on, pages and the emails we send you are in the language you chose.",
  "Choose English or Español.",
] as const;
export type ServerText = (typeof SERVER_TEXTS)[number];

export type MessageId = keyof typeof UI | ServerText;

export const messages: Record<MessageId, string> = {
  ...UI,
  ...(Object.fromEntries(SERVER_TEXTS.map((text) => [text, text])) as Record<ServerText, string>),
};
