import { data, isRouteErrorResponse, Link } from "react-router";
import { metaTranslator, T, useLocale, useT } from "~/components/i18n";
import { ArticleBody } from "~/components/marketing/article-body";
import { ButtonLink } from "~/components/ui/button";
import { Prose } from "~/components/ui/page";
import { ARTICLES as ENGLISH, formatPublishedOn } from "~/content/blog";
import { ARTICLES as SPANISH } from "~/content/blog.es-US";
import { pageLocale } from "~/server/auth/locale.server";
import type { Route } from "./+types/blog.$id";

/** The status line of the 404 (its page shows the catalogue's words). */
const ARTICLE_NOT_FOUND = "Article not found";

/** The article in the reader's language, and the others' titles: only that language's text goes to the browser. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const articles = (await pageLocale(request)) === "es-US" ? SPANISH : ENGLISH;
  const article = articles.find((candidate) => candidate.id === params.id);
  if (!article) throw data(ARTICLE_NOT_FOUND, { status: 404 });
  return { article, others: articles.filter((other) => other.id !== article.id).map(({ id, title }) => ({ id, title })) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  if (!loaderData)
    return [
      { title: t("shell.pageTitle", { title: t("content.blog.notFound") }) },
      { name: "description", content: t("content.blog.notFoundDescription") },
    ];
  return [{ title: t("shell.pageTitle", { title: loaderData.article.title }) }, { name: "description", content: loaderData.article.excerpt }];
}

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { article, others } = loaderData;
  const t = useT();
  const locale = useLocale();
  return (
    <article aria-labelledby="article-title" className="px-4 py-12 sm:px-6">
      <div className="mx-auto max-w-3xl">
        <p>
          <Link to="/blog" className="text-sm font-medium text-brand-800 hover:underline">
            <span aria-hidden="true">← </span>
            {t("content.blog.all")}
          </Link>
        </p>
        <h1 id="article-title" className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {article.title}
        </h1>
        <p className="mt-4 text-sm text-slate-600">
          <T id="content.blog.byName" values={{ author: article.author }} components={{ 0: <span className="font-medium text-slate-800" /> }} />
          <span aria-hidden="true"> · </span>
          <time dateTime={article.publishedOn}>{formatPublishedOn(article.publishedOn, locale)}</time>
          <span aria-hidden="true"> · </span>
          {t("content.blog.minutes", { minutes: article.readingMinutes })}
        </p>
        <p className="mt-6 text-lg text-slate-700">{article.excerpt}</p>
      </div>
      <div className="mt-8 text-lg leading-relaxed">
        <Prose>
          <ArticleBody blocks={article.body} />
        </Prose>
      </div>
      <nav aria-label={t("content.blog.more")} className="mx-auto mt-16 max-w-3xl border-t border-slate-200 pt-8">
        <h2 className="text-lg font-semibold text-slate-900">{t("content.blog.keepReading")}</h2>
        <ul className="mt-4 space-y-3">
          {others.map((other) => (
            <li key={other.id}>
              <Link to={`/blog/${other.id}`} className="font-medium text-brand-800 hover:underline">
                {other.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}

/** An unknown article is a 404 with a way back, never the site-wide error page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{notFound ? t("content.blog.notFound") : t("content.blog.error")}</h1>
      <p className="mt-3 text-slate-700">{notFound ? t("content.blog.notFoundBody") : t("content.blog.errorBody")}</p>
      <div className="mt-8 flex justify-center">
        <ButtonLink to="/blog">{t("content.blog.back")}</ButtonLink>
      </div>
    </div>
  );
}
