/**
 * The public content pages' own words (ADR 056, part five (j)): /about, /careers, /blog and its articles' frame,
 * /contact (its form; SPEC.md's validation messages are CONTENT_SERVER_TEXTS), /security and /sharia. English exactly
 * as the pages wrote it before. The long copy (the about page's values and facts, the security measures, the Sharia
 * principles, the blog's articles) is a content module per language (app/content/*.es-US.ts), picked by the page's
 * loader, so only the reader's language reaches the browser. Spanish in content.es-US.ts.
 */
export const CONTENT_MESSAGES = {
  // /about
  "content.about.title": "About Us",
  "content.about.description": "Why we built Rosca: an interest-free, transparent way for people who trust each other to save together.",
  "content.about.eyebrow": "About Rosca",
  "content.about.heading": "A savings tradition, made simple",
  "content.about.mission": "Our mission",
  "content.about.buildingFor":
    "We are building for the people who already save this way and for everyone who would like to: friends planning a trip, colleagues starting side businesses, parents covering school costs, couples saving for a wedding.",
  "content.about.values": "What we stand for",
  "content.about.facts": "Rosca at a glance",
  "content.about.today": "Where we are today",
  "content.about.demo":
    "Rosca is in a demo phase. You can create an account, explore the dashboard and, once an administrator grants you sandbox access, link a test bank account and try out groups. Bank connections use a sandbox bank, and no real money moves. Group savings with real accounts will launch soon.",
  "content.about.eligibility": "Rosca is available to US residents aged 18 and over.",
  "content.about.createAccount": "Create an Account",
  "content.visitHelp": "Visit the Help Center",
  "content.contactUs": "Contact Us",
  // /careers
  "content.careers.title": "Careers",
  "content.careers.description": "Open roles at Rosca are coming soon. Tell us about yourself in the meantime.",
  "content.careers.heading": "Careers at Rosca",
  "content.careers.lead": "We are a small team, and we are not hiring just yet. Open roles are coming soon.",
  "content.careers.comingSoon": "Coming soon",
  "content.careers.comingSoonIntro":
    "When Rosca moves beyond its demo phase, we expect to grow in these areas. If one of them sounds like you, we would love to hear from you now.",
  "content.careers.interest.engineering": "Product engineering: React, TypeScript and PostgreSQL, with a focus on accessible, server-rendered pages.",
  "content.careers.interest.payments": "Payments and ledger engineering: scheduling, bank transfers and records that always add up.",
  "content.careers.interest.support": "Member support: helping groups get started and keeping every reply within 24 hours.",
  "content.careers.interest.community": "Community and partnerships: working with the communities that have saved this way for generations.",
  "content.careers.getInTouch": "Get in touch",
  "content.careers.note":
    "Send us a short note through the contact form with the topic Careers: who you are, what you would like to work on, and a link to your work or profile. Please do not send sensitive personal documents. We read every message and reply within 24 hours.",
  "content.careers.contact": "Contact Us About Careers",
  // /blog and an article's frame
  "content.blog.title": "Blog",
  "content.blog.description":
    "Articles about rotating savings groups: their history, choosing a payout position, saving without riba and running a group with friends.",
  "content.blog.heading": "The Rosca Blog",
  "content.blog.lead": "Practical guides and background on rotating savings: where the tradition comes from, and how to make it work for your group.",
  "content.blog.minutes": "{minutes} min read",
  "content.blog.by": "By {author}",
  "content.blog.byName": "By <0>{author}</0>",
  "content.blog.all": "All articles",
  "content.blog.more": "More articles",
  "content.blog.keepReading": "Keep reading",
  "content.blog.note": "Note",
  "content.blog.notFound": "Article not found",
  "content.blog.notFoundDescription": "This article does not exist. Browse all articles on the Rosca blog.",
  "content.blog.notFoundBody": "We couldn't find that article. It may have moved, or the link may be mistyped.",
  "content.blog.error": "Something went wrong",
  "content.blog.errorBody": "We hit an unexpected problem showing this article. Please try again.",
  "content.blog.back": "Back to the Blog",
  // /contact
  "content.contact.title": "Contact Us",
  "content.contact.description": "Questions about groups, your account or sandbox access? Send us a message; we reply within 24 hours.",
  "content.contact.eyebrow": "Contact",
  "content.contact.lead":
    "Questions about groups, your account or sandbox access? Send us a message and our support team will reply within 24 hours.",
  "content.contact.before": "Before you write",
  "content.contact.helpCenter":
    "Many answers are already in our <0>Help Center</0>: fees, missed payments, payout order and how to get sandbox access.",
  "content.contact.security":
    "Found a security problem? Choose <0>Reporting a security issue</0> and see our <1>security page</1> for how we handle reports.",
  "content.contact.never": "Please never send passwords, full bank account numbers or one-time codes. We will never ask for them.",
  "content.contact.formTitle": "Send us a message",
  "content.contact.allRequired": "All fields are required.",
  "content.contact.name": "Name",
  "content.contact.email": "Email",
  "content.contact.topic": "Topic",
  "content.contact.chooseTopic": "Choose a topic",
  "content.contact.topic.general": "General question",
  "content.contact.topic.account": "My account or login",
  "content.contact.topic.groups": "Groups, contributions and payouts",
  "content.contact.topic.bank": "Linking a bank account",
  "content.contact.topic.sandbox": "Sandbox access",
  "content.contact.topic.privacy": "Privacy and my data",
  "content.contact.topic.security": "Reporting a security issue",
  "content.contact.topic.careers": "Careers",
  "content.contact.topic.press": "Press and partnerships",
  "content.contact.message": "Message",
  "content.contact.hint": "Up to {max} characters. Include your group name if your question is about a group.",
  "content.contact.honeypot": "Leave this field empty",
  "content.contact.sending": "Sending…",
  "content.contact.send": "Send Message",
  // /security
  "content.security.title": "Security",
  "content.security.description":
    "How Rosca protects your account: argon2id password hashing, short server-side sessions, rate-limited login and encrypted bank connections.",
  "content.security.eyebrow": "Security",
  "content.security.heading": "How we keep your account safe",
  "content.security.lead":
    "Saving with other people depends on trust. Here is what we do to protect your account and your information, and how to reach us if you find a problem.",
  "content.security.protections": "How we protect accounts",
  "content.security.yourPart": "What you can do",
  "content.security.disclosure": "Responsible disclosure",
  "content.security.disclosureBody":
    'If you believe you have found a security vulnerability in Rosca, please tell us privately so we can fix it before anyone is harmed. Email <0>{email}</0> with the subject "Security report", or use the <1>contact form</1> with the topic "Reporting a security issue". Include the steps to reproduce the problem and what you think its impact is.',
  "content.security.weAsk": "We ask that you:",
  "content.security.ask1": "test only against your own accounts, and never access, change or delete other people's data;",
  "content.security.ask2": "do not run denial-of-service, spam or social-engineering tests against us or our members; and",
  "content.security.ask3": "give us reasonable time to fix the issue before sharing it publicly.",
  "content.security.inReturn":
    "In return, we will acknowledge your report within 24 hours, keep you updated while we work on it, and not pursue legal action against research done in good faith under these guidelines.",
  // /sharia
  "content.sharia.title": "Sharia Compliance",
  "content.sharia.description":
    "Why Rosca groups are interest-free: no riba, a flat service fee not tied to time or position, no gharar and a transparent payout order.",
  "content.sharia.eyebrow": "Sharia compliance",
  "content.sharia.heading": "Saving together without riba",
  "content.sharia.lead":
    "Rotating savings groups have long been a halal way for Muslim families to save and to meet large expenses without interest. Here is how Rosca keeps to the principles that make them so.",
  "content.sharia.principles": "Four principles we design around",
  "content.sharia.inPractice": "What this means in practice",
  "content.sharia.practice1": "Over a full cycle, you receive exactly what you contribute: no more, no less.",
  "content.sharia.practice2": "Your fee is the same whether your turn is first or last.",
  "content.sharia.practice3": "All amounts, dates and fees are shown before you commit.",
  "content.sharia.noInterest":
    "Rosca never charges interest or late fees. A payout is made only from contributions that arrived; if a member's bank takes a contribution back after the payout left, Rosca covers the gap interest-free and the member repays exactly that amount.",
  "content.sharia.practice5": "During the demo phase, no real money moves: bank connections use a sandbox.",
  "content.sharia.consult": "Please consult your own scholar",
  "content.sharia.readArticle": "Read: Saving Without Riba",
  // /privacy's description (the policy itself stays English: ADR 056).
  "content.privacy.description": "What personal information Rosca collects, how we use and share it, how long we keep it and the choices you have.",
} as const;

/**
 * Texts the contact form's rules and action write in English (SPEC.md's CONTACT_MESSAGES, nameCheck("Name"), the
 * rate limit, the sent toast), shown translated (SERVER_TEXTS, `useTranslateText`). Spread into SERVER_TEXTS.
 */
export const CONTENT_SERVER_TEXTS = [
  "Please enter your name",
  "Name must be at most 100 characters",
  "Please enter your email address",
  "Please choose a topic",
  "Please enter a message",
  "Message must be at least 10 characters",
  "Message must be at most 5,000 characters",
  "Name can't contain line breaks, tabs or other control characters",
  "Name can't contain characters that change the direction of the text",
  "Name can't contain invisible characters, such as zero-width spaces",
  "You've sent several messages in a short time. Please wait an hour, or email us directly.",
  "Message Sent",
  "Thanks for getting in touch. Our support team replies within 24 hours.",
] as const;
