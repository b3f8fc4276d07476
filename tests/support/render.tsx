/**
 * Render a route module's component to HTML with given loader (and action) data, as the server would for a request
 * without JavaScript: for integration tests that assert what a page state says, exactly.
 */
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { LocaleProvider } from "../../app/components/i18n";
import { catalogueJson } from "../../app/server/platform/locale.server";

export function renderRoute(
  // Route modules type their props with typegen; any component taking loader data will do.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  Component: ComponentType<any>,
  path: string,
  loaderData: unknown,
  actionData?: unknown,
) {
  const Stub = createRoutesStub([{ id: "page", path: new URL(path, "http://x").pathname, Component, loader: () => loaderData }]);
  // Inside the English catalogue, as root.tsx renders every page for an English reader (ADR 056).
  return renderToString(
    <LocaleProvider locale="en-US" messages={catalogueJson("en-US")}>
      <Stub
        initialEntries={[path]}
        hydrationData={{ loaderData: { page: loaderData }, ...(actionData === undefined ? {} : { actionData: { page: actionData } }) }}
      />
    </LocaleProvider>,
  );
}

/** The visible text of some HTML, whitespace collapsed (entities for quotes and ampersands decoded). */
export function textOf(html: string) {
  return html
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
