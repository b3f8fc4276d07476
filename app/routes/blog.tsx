import { Link } from "react-router";
import { PageHeader } from "~/components/marketing/page-header";
import { ARTICLES, formatPublishedOn } from "~/content/blog";
import { pageMeta } from "~/content/site";

export const meta = () =>
  pageMeta(
    "Blog",
    "Articles about rotating savings groups: their history, choosing a payout position, saving without riba and running a group with friends.",
  );

export default function Blog() {
  return (
    <>
      <PageHeader
        eyebrow="Blog"
        title="The Rosca Blog"
        lead={<p>Practical guides and background on rotating savings: where the tradition comes from, and how to make it work for your group.</p>}
      />
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <ul className="grid gap-6 md:grid-cols-2">
          {ARTICLES.map((article) => (
            <li key={article.id}>
              <article
                aria-labelledby={`article-${article.id}`}
                className="relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md"
              >
                <p className="text-sm text-slate-600">
                  <time dateTime={article.publishedOn}>{formatPublishedOn(article.publishedOn)}</time>
                  <span aria-hidden="true"> · </span>
                  <span>{article.readingMinutes} min read</span>
                </p>
                <h2 id={`article-${article.id}`} className="mt-2 text-xl font-semibold text-slate-900">
                  <Link to={`/blog/${article.id}`} className="hover:text-brand-800 hover:underline">
                    {article.title}
                  </Link>
                </h2>
                <p className="mt-3 flex-1 text-slate-700">{article.excerpt}</p>
                <p className="mt-4 text-sm font-medium text-slate-800">By {article.author}</p>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
