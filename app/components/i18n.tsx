/**
 * Messages in the reader's language (ADR 056), for every component: `useT()` gives `t(id, values)`, `<T>` a message
 * with links or emphasis inside (`<0>…</0>` in the catalogue, `components={{ 0: <Link … /> }}` here).
 *
 * Lingui's core formats the messages; its React bindings (@lingui/react) are not used: they subscribe every component to
 * language changes (a language change here reloads the page) at 1.5 KiB gzip of the landing page's 112 KiB budget. A
 * context and the small tag formatter below do what the pages need.
 *
 * The catalogue itself never enters the browser's code: the page carries the active language's compiled messages
 * (app/server/platform/locale.server.ts, as JSON: see `CatalogueData`) to `LocaleProvider`, so an English page downloads no Spanish and a Spanish
 * page no English. Message ids are typed from the English catalogue with a type-only import (erased at build).
 */
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { cloneElement, createContext, type ReactElement, type ReactNode, useContext, useMemo } from "react";
import type { Locale } from "~/domain/locale";
import type { MessageId } from "~/domain/messages/en-US";

export type { MessageId };
export type MessageValues = Record<string, string | number>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

/**
 * The catalogue as the root loader sends it (ADR 059, part five): its compiled messages as JSON, made once per process
 * (locale.server.ts `catalogueJson`) and sent to a client navigation as one string; null in a document's data, whose
 * catalogue is the file the root's layout links (`CatalogueScript`) instead of a value turbo-stream re-encodes.
 */
export type CatalogueData = string | null;

/** The server's catalogues for documents: each language's JSON (to render with) and the URL of its file (to link). */
type DocumentCatalogues = {
  json: (locale: Locale, reader: { admin: boolean }) => string;
  path: (locale: Locale, reader: { admin: boolean }) => string;
};
let fromServer: DocumentCatalogues | undefined;

/** entry.server.tsx: the server's own copy of each language's catalogue, and where a document's browser gets it. */
export function serveCatalogues(source: DocumentCatalogues) {
  fromServer = source;
}

/**
 * A document's catalogue: the server's copy while rendering it; in the browser the text the catalogue's file handed over
 * (`__l10n`). The server renders with the whole catalogue (a member's page uses no console word, so its
 * markup is the same either way); the file a document links is the whole one for a platform admin and, for anyone else,
 * the one without the console's words (`admin`, ADR 056 part five (i)).
 */
function documentCatalogue(locale: Locale, admin = true): string {
  // In the browser, what the file left (it runs before the app's modules; entry.client.tsx hydrates only once it has).
  return fromServer ? fromServer.json(locale, { admin }) : (self as unknown as { __l10n: string }).__l10n;
}

/**
 * The document's catalogue as a file of its own (ADR 059, part six (k)), from the browser's cache on every page after
 * the first (its name changes with its content). Before, the same 127 KB were written into every page's HTML, rendered,
 * compressed and sent with each response. Not `defer`: React Router's module script below it is `async` (it runs as
 * soon as its modules are in, not after deferred scripts), and a deferred catalogue that arrived after the modules left
 * the page unhydrated (ADR 060, part seven (p)). A classic script runs before the parser reaches the module script.
 */
export function CatalogueScript({ locale, admin, nonce }: { locale: Locale; admin: boolean; nonce?: string }) {
  // In the browser (hydration) the element the server wrote is kept as it is: its URL is read back from it (by id from
  // `document.scripts`, the lookup that fits the landing page's JavaScript budget).
  const src = fromServer
    ? fromServer.path(locale, { admin })
    : (document.scripts as unknown as Record<string, HTMLScriptElement>).l10n!.getAttribute("src")!;
  return <script id="l10n" nonce={nonce} src={src} />;
}

/** By the JSON's text: at most one entry per language and deploy, parsed once whatever string object brings it. */
const instances = new Map<string, I18n>();

/** One Lingui instance per catalogue: built once per page load in the browser, once per language on the server. */
export function i18nFor(locale: Locale, messages: CatalogueData): I18n {
  const json = messages ?? documentCatalogue(locale);
  let found = instances.get(json);
  if (!found) {
    found = setupI18n({ locale, messages: { [locale]: JSON.parse(json) as Messages } });
    instances.set(json, found);
  }
  return found;
}

/** `t` for code outside React's tree (route `meta` functions read the root's data: `translatorFor(rootData)`). */
export function translatorFor(data: { locale: Locale; messages: CatalogueData } | undefined): Translate {
  if (!data) return (id) => id;
  const i18n = i18nFor(data.locale, data.messages);
  return (id, values) => i18n._(id, values);
}

/** `t` for a route's `meta`, from the root's data among its matches. */
export function metaTranslator(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): Translate {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { locale: Locale; messages: CatalogueData } | undefined;
  return translatorFor(root);
}

const I18nContext = createContext<I18n | null>(null);

function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("No LocaleProvider (root.tsx)");
  return i18n;
}

export function LocaleProvider({ locale, messages, children }: { locale: Locale; messages: CatalogueData; children: ReactNode }) {
  const i18n = useMemo(() => i18nFor(locale, messages), [locale, messages]);
  return <I18nContext value={i18n}>{children}</I18nContext>;
}

export function useLocale(): Locale {
  return useI18n().locale as Locale;
}

export function useT(): Translate {
  const i18n = useI18n();
  return (id, values) => i18n._(id, values);
}

/**
 * A text the server wrote in English (a validation message, an error's title: app/domain's constants, whose English
 * SPEC.md fixes) in the reader's language. Texts the catalogue holds under their English words (`TEXTS` in the
 * catalogues) are translated; any other text is shown as it came.
 */
export function useTranslateText(): (text: string) => string {
  const i18n = useI18n();
  return (text) => (Object.hasOwn(i18n.messages, text) ? i18n._(text) : text);
}

/**
 * `t`, or null outside the root's LocaleProvider: the root's own error page, shown when the root loader failed and
 * there is no catalogue to speak from (the error page then uses its English words).
 */
export function useOptionalT(): Translate | null {
  const i18n = useContext(I18nContext);
  if (!i18n) return null;
  return (id, values) => i18n._(id, values);
}

/**
 * A message with elements inside: `<T id="register.terms" components={{ 0: <Link to="/terms" /> }} />` for the message
 * "I agree to the <0>Terms of Service</0>…": each `<n>words</n>` becomes element n with those words inside (tags are
 * not nested in our catalogues; messages.test.ts checks each language has the same tags as English).
 */
export function T({ id, values, components = {} }: { id: MessageId; values?: MessageValues; components?: Record<string, ReactElement> }) {
  const text = useT()(id, values);
  return <>{withElements(text, components)}</>;
}

export function withElements(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const parts: ReactNode[] = [];
  const tag = /<(\d+)>(.*?)<\/\1>/gs;
  let last = 0;
  for (let match = tag.exec(text); match !== null; match = tag.exec(text)) {
    parts.push(text.slice(last, match.index));
    const element = components[match[1]!];
    parts.push(element ? cloneElement(element, { key: `${match.index}` }, match[2]) : match[2]);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts.filter((part) => part !== "");
}
