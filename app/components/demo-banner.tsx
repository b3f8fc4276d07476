/**
 * The strip on every page of a demo (every mode but production, ADR 011): the bank is a sandbox, so no real money
 * moves, and emails go to the demo mailbox rather than out to the world.
 */
export const DEMO_BANNER_TITLE = "Demo — no real money";

export function DemoBanner({ mailbox }: { mailbox: boolean }) {
  return (
    <aside aria-label="Demo notice" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
      <strong className="font-semibold">{DEMO_BANNER_TITLE}.</strong> Banks are a sandbox and payments are simulated.
      {mailbox ? (
        <>
          {" "}
          Emails we send appear in the{" "}
          <a href="/dev/mailbox" className="font-medium underline">
            demo mailbox
          </a>
          .
        </>
      ) : null}
    </aside>
  );
}
