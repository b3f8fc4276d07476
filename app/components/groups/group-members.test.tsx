/**
 * The members written as one string where nobody can be removed (ADR 059 part six (j)): the same markup MemberList's
 * React elements write, for each kind of member (you, the admin, paid, pending, late, a record shared or not, an email
 * shown or not), every text escaped.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { MemberView } from "~/server/groups/group-views.server";
import { LocaleProvider, useT } from "../i18n";
import { MemberList, memberRowsMarkup } from "./group-members";

const member = (overrides: Partial<MemberView> & { name: string; email?: string }): MemberView => {
  const { name, email, ...rest } = overrides;
  return {
    memberId: name,
    profile: { id: name, name, email: email ?? "", phone: null, city: null, state: null } as MemberView["profile"],
    isAdmin: false,
    isYou: false,
    joinOrder: 1,
    payoutPosition: 1,
    hasPaid: false,
    isLate: false,
    record: null,
    ...rest,
  };
};

const members: MemberView[] = [
  member({
    name: "Amina <Yusuf>",
    email: "amina@example.com",
    isAdmin: true,
    hasPaid: true,
    record: { summary: 'On time & "always"', standing: "onTime" },
  }),
  member({ name: "You Person", isYou: true, email: "me@example.com" }),
  member({ name: "D'Angelo", isLate: true, isAdmin: true }),
];

const messages = {
  "groupCard.you": ["You"],
  "groupCard.admin": ["Admin"],
  "groupPage.paid": ["Paid"],
  "groupPage.pending": ["Pending"],
  "groupPage.late": ["<Late>"],
  "groupPage.record.line": ["Record: ", ["summary"]],
  "groupPage.recordNotShared": ["Record not shared"],
};

function Markup({ status }: { status: "active" | "completed" }) {
  const t = useT();
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup under test, set as the page sets it.
  return <ul className="mt-3 divide-y divide-slate-100" dangerouslySetInnerHTML={{ __html: memberRowsMarkup(members, status, t) }} />;
}

const render = (node: React.ReactNode) =>
  renderToString(
    <LocaleProvider locale="en-US" messages={JSON.stringify(messages)}>
      {node}
    </LocaleProvider>,
  );

describe("the members list", () => {
  it("is the markup MemberList's React elements write, every text escaped", () => {
    // The React elements: MemberList with a remove (no one here can be removed: admins and the viewer), which always
    // renders them; the markup: what it renders without one.
    for (const status of ["active", "completed"] as const) {
      const reference = render(<MemberList members={members} status={status} remove={{ reply: null }} />);
      expect(render(<MemberList members={members} status={status} remove={null} />)).toBe(reference);
      expect(render(<Markup status={status} />)).toBe(reference);
    }
    const html = render(<Markup status="active" />);
    expect(html.match(/data-testid="member-row"/g)).toHaveLength(3);
    expect(html).toContain("<span>Amina &lt;Yusuf&gt;</span>");
    expect(html).toContain(">Record: On time &amp; &quot;always&quot;</p>");
    expect(html).toContain(">&lt;Late&gt;</span></span></li>");
    expect(html).toContain(">D&#x27;Angelo</span>");
    expect(html).not.toContain("<Late>");
  });

  it("is remembered across requests only for the same inputs: one viewer's row never reaches another's page", () => {
    // The same group seen by two members: each is "You" on their own page only, and only their own email is theirs.
    const amina = members.map((m) => ({ ...m, isYou: m.memberId === "Amina <Yusuf>" }));
    const other = members.map((m) => ({ ...m, isYou: m.memberId === "You Person" }));
    const asAmina = render(<MemberList members={amina} status="active" remove={null} />);
    const asOther = render(<MemberList members={other} status="active" remove={null} />);
    expect(asAmina).not.toBe(asOther);
    // Rendered again (a remembered string now): the same as each viewer's first render.
    expect(render(<MemberList members={amina} status="active" remove={null} />)).toBe(asAmina);
    expect(render(<MemberList members={other} status="active" remove={null} />)).toBe(asOther);
    const youRow = (html: string) => html.split('data-testid="member-row"').find((row) => row.includes(">You<"));
    expect(youRow(asAmina)).toContain("Amina &lt;Yusuf&gt;");
    expect(youRow(asOther)).toContain("You Person");
    expect(youRow(asOther)).not.toContain("Amina");
  });
});
