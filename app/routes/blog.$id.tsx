import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/blog.$id";
import { ArticleBody } from "~/components/marketing/article-body";
import { Prose } from "~/components/ui/page";
import { ButtonLink } from "~/components/ui/button";
import { ARTICLES, findArticle, formatPublishedOn } from "~/content/blog";
import { pageMeta } from "~/content/site";

const ARTICLE_NOT_FOUND = "Article not found";

export function loader({ params }: Route.LoaderArgs) {
  const article = findArticle(params.id);
  if (!article) throw data(ARTICLE_NOT_FOUND, { status: 404 });
  return { article };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return pageMeta(ARTICLE_NOT_FOUND, "This article does not exist. Browse all articles on the Rosca blog.");
  return pageMeta(loaderData.article.title, loaderData.article.excerpt);
}

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  const others = ARTICLES.filter((other) => other.id !== article.id);
  return (
    <article aria-labelledby="article-title" className="px-4 py-12 sm:px-6">
      <div className="mx-auto max-w-3xl">
        <p>
          <Link to="/blog" className="text-sm font-medium text-brand-800 hover:underline">
            <span aria-hidden="true">← </span>All articles
          </Link>
        </p>
        <h1 id="article-title" className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {article.title}
        </h1>
        <p className="mt-4 text-sm text-slate-600">
          By <span className="font-medium text-slate-800">{article.author}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={article.publishedOn}>{formatPublishedOn(article.publishedOn)}</time>
          <span aria-hidden="true"> · </span>
          {article.readingMinutes} min read
        </p>
        <p className="mt-6 text-lg text-slate-700">{article.excerpt}</p>
      </div>
      <div className="mt-8 text-lg leading-relaxed">
        <Prose>
          <ArticleBody blocks={article.body} />
        </Prose>
      </div>
      <nav aria-label="More articles" className="mx-auto mt-16 max-w-3xl border-t border-slate-200 pt-8">
        <h2 className="text-lg font-semibold text-slate-900">Keep reading</h2>
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
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{notFound ? ARTICLE_NOT_FOUND : "Something went wrong"}</h1>
      <p className="mt-3 text-slate-700">
        {notFound
          ? "We couldn't find that article. It may have moved, or the link may be mistyped."
          : "We hit an unexpected problem showing this article. Please try again."}
      </p>
      <div className="mt-8 flex justify-center">
        <ButtonLink to="/blog">Back to the Blog</ButtonLink>
      </div>
    </div>
  );
}
