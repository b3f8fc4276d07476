import type { Block } from "~/content/blog";

/** Renders structured long-form content (blog articles) as semantic HTML. Headings start at h2 below the page h1. */
export function ArticleBody({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        switch (block.kind) {
          case "h2":
            return <h2 key={index}>{block.text}</h2>;
          case "p":
            return <p key={index}>{block.text}</p>;
          case "ul":
            return (
              <ul key={index} className="space-y-1">
                {block.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            );
          case "ol":
            return (
              <ol key={index} className="space-y-1">
                {block.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ol>
            );
          case "note":
            return (
              <aside key={index} aria-label="Note" className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-brand-900">
                {block.text}
              </aside>
            );
        }
      })}
    </>
  );
}
