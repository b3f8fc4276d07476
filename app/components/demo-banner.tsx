/**
 * The strip on every page of a demo (every mode but production, ADR 011): the bank is a sandbox, so no real money
 * moves, and emails go to the demo mailbox rather than out to the world.
 */
import { T, useT } from "./i18n";

export function DemoBanner({ mailbox }: { mailbox: boolean }) {
  const t = useT();
  return (
    <aside aria-label={t("demo.label")} className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
      <strong className="font-semibold">{t("demo.title")}.</strong> {t("demo.body")}
      {mailbox ? (
        <>
          {" "}
          <T
            id="demo.mailbox"
            components={{
              // biome-ignore lint/a11y/useAnchorContent: the message puts the link's words inside it ("demo mailbox")
              0: <a href="/dev/mailbox" className="font-medium underline" />,
            }}
          />
        </>
      ) : null}
    </aside>
  );
}
