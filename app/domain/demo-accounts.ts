/**
 * The seeded demo accounts. The demo credentials are public on purpose: the login page's "Use demo account" button
 * fills them in. They exist only where the seed ran (demo, development, test), never in production.
 */
export const DEMO_ACCOUNT = { email: "demo@rosca.example", password: "DemoSaver2026", name: "Dana Demo" } as const;
export const ADMIN_ACCOUNT = { email: "admin@rosca.example", password: "AdminRosca2026", name: "Avery Admin" } as const;
export const SAMPLE_MEMBERS = [
  { email: "amina@rosca.example", name: "Amina Yusuf", password: "MemberPass2026" },
  { email: "omar@rosca.example", name: "Omar Haddad", password: "MemberPass2026" },
  { email: "lena@rosca.example", name: "Lena Park", password: "MemberPass2026" },
  { email: "marcus@rosca.example", name: "Marcus Reed", password: "MemberPass2026" },
] as const;
