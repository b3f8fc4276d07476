import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { catalogueJson } from "~/server/platform/locale.server";
import { LocaleProvider } from "../i18n";
import { Pagination } from "./admin-panels";

describe("the user list's count", () => {
  it.each([
    [0, "0 users"],
    [1, "Showing 1–1 of 1 user"],
    [3, "Showing 1–3 of 3 users"],
    [1204, "Showing 1–25 of 1,204 users · page 1 of 49"],
  ])("%i users: %s", (total, line) => {
    const pageCount = Math.max(1, Math.ceil(total / 25));
    const html = renderToStaticMarkup(
      // Inside the English catalogue, as root.tsx renders every page (the line is ICU plurals, ADR 056 part five (i)).
      createElement(
        LocaleProvider,
        { locale: "en-US", messages: catalogueJson("en-US") } as Parameters<typeof LocaleProvider>[0],
        createElement(MemoryRouter, null, createElement(Pagination, { q: "", page: 1, pageCount, total, pageSize: 25 })),
      ),
    );
    expect(/<p>(.*?)<\/p>/.exec(html)?.[1]?.replace(/<!-- -->/g, "")).toBe(line);
  });
});
