import type { ReactElement } from "react";
import { useT } from "~/components/i18n";

export type Block =
  | { kind: "h2"; text: string }
  | { kind: "p"; text: string }
  | { kind: "ul"; items: string[] }
  | { kind: "ol"; items: string[] }
  | { kind: "note"; text: string };

/** Renders structured long-form content (blog articles) as semantic HTML. Headings start at h2 below the page h1. */
export function ArticleBody({ blocks }: { blocks: Block[] }) {
  const t = useT();
  const noteLabel = t("content.blog.note");
  // The blocks are static content in a fixed order: their position is their identity.
  return <>{blocks.map((block, index) => renderBlock(block, index, noteLabel))}</>;
}

function renderBlock(block: Block, key: number, noteLabel: string): ReactElement {
  switch (block.kind) {
    case "h2":
      return <h2 key={key}>{block.text}</h2>;
    case "p":
      return <p key={key}>{block.text}</p>;
    case "ul":
      return (
        <ul key={key} className="space-y-1">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case "ol":
      return (
        <ol key={key} className="space-y-1">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      );
    case "note":
      return (
        <aside key={key} aria-label={noteLabel} className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-brand-900">
          {block.text}
        </aside>
      );
  }
}
