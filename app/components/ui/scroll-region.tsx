import type { ReactNode } from "react";
import { useOptionalT } from "~/components/i18n";

/**
 * Content wider than a phone (a chart, a long track) that scrolls sideways inside the page rather than the page
 * scrolling: a named region (a <section> with a name is one), focusable so a keyboard can scroll it (WCAG 2.1.1), with two visible cues that there is
 * more, both only while the content does not fit (app.css): shadows at an edge with content behind it, and a line
 * under it saying so. The page itself never gets wider than the viewport.
 */
/** The hint where no catalogue came with the page (the root's error page); elsewhere account.scrollHint. */
const SCROLL_HINT = "Scroll sideways for more →";

export function ScrollRegion({ label, children, className = "" }: { label: string; children: ReactNode; className?: string }) {
  const t = useOptionalT();
  return (
    <div className={`scroll-region ${className}`}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (and named) to scroll by keyboard */}
      <section aria-label={label} tabIndex={0} className="scroll-cue overflow-x-auto">
        {children}
      </section>
      <p aria-hidden="true" className="scroll-hint text-xs text-slate-600">
        {t ? t("account.scrollHint") : SCROLL_HINT}
      </p>
    </div>
  );
}
