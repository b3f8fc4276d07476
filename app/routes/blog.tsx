import { Link, type MetaArgs } from "react-router";
import { metaTranslator, useLocale, useT } from "~/components/i18n";
import { PageHeader } from "~/components/marketing/page-header";
import { ARTICLES as ENGLISH, formatPublishedOn } from "~/content/blog";
import { ARTICLES as SPANISH } from "~/content/blog.es-US";
import { pageLocale } from "~/server/auth/locale.server";
import type { Route } from "./+types/blog";

export const meta = ({ matches }: MetaArgs) => {
  const t = metaTranslator(matches);
  return [{ title: t("shell.pageTitle", { title: t("content.blog.title") }) }, { name: "description", content: t("content.blog.description") }];
};

/** The articles' cards in the reader's language (not their bodies): only that language's text goes to the browser. */
export async function loader({ request }: Route.LoaderArgs) {
  const articles = (await pageLocale(request)) === "es-US" ? SPANISH : ENGLISH;
  return { articles: articles.map(({ body: _body, ...card }) => card) };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <PageHeader eyebrow={t("content.blog.title")} title={t("content.blog.heading")} lead={<p>{t("content.blog.lead")}</p>} />
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <ul className="grid gap-6 md:grid-cols-2">
          {loaderData.articles.map((article) => (
            <li key={article.id}>
              <article
                aria-labelledby={`article-${article.id}`}
                className="relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md"
              >
                <p className="text-sm text-slate-600">
                  <time dateTime={article.publishedOn}>{formatPublishedOn(article.publishedOn, locale)}</time>
                  <span aria-hidden="true"> · </span>
                  <span>{t("content.blog.minutes", { minutes: article.readingMinutes })}</span>
                </p>
                <h2 id={`article-${article.id}`} className="mt-2 text-xl font-semibold text-slate-900">
                  <Link to={`/blog/${article.id}`} className="hover:text-brand-800 hover:underline">
                    {article.title}
                  </Link>
                </h2>
                <p className="mt-3 flex-1 text-slate-700">{article.excerpt}</p>
                <p className="mt-4 text-sm font-medium text-slate-800">{t("content.blog.by", { author: article.author })}</p>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
