/**
 * The request's language (ADR 056): the account's choice, else this browser's cookie, else Accept-Language's first
 * guess (app/domain/locale.ts decides), and the compiled catalogues the pages and emails are written with.
 */
import { createHash } from "node:crypto";
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { DEFAULT_LOCALE, isLocale, type Locale, resolveLocale } from "../../domain/locale";
import { type MessageId, messages as english } from "../../domain/messages/en-US";
import { messages as spanish } from "../../domain/messages/es-US";
import { servedOverHttps } from "./env.server";

export const LOCALE_COOKIE = "rosca_lang";
/** A visitor's choice is kept a year. */
const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

const SOURCES: Record<Locale, Record<string, string>> = { "en-US": english, "es-US": spanish };
const compiled = new Map<Locale, Messages>();
const instances = new Map<Locale, I18n>();

/** The active language's catalogue, compiled once per process: what the root loader hands the browser. */
export function catalogue(locale: Locale): Messages {
  let found = compiled.get(locale);
  if (!found) {
    found = Object.fromEntries(Object.entries(SOURCES[locale]).map(([id, text]) => [id, compileMessage(text)]));
    compiled.set(locale, found);
  }
  return found;
}

const memberCatalogues = new Map<Locale, Messages>();

/**
 * The catalogue a page carries (the root loader's): the whole one for a platform admin, and for everyone else the same
 * without the admin console's own words (`admin.*`, ADR 056 part five (i)), which only /admin renders — 3 to 4 KiB
 * (gzip) of page data no member's page needs.
 */
export function pageCatalogue(locale: Locale, { admin }: { admin: boolean }): Messages {
  if (admin) return catalogue(locale);
  let found = memberCatalogues.get(locale);
  if (!found) {
    found = Object.fromEntries(Object.entries(catalogue(locale)).filter(([id]) => !id.startsWith("admin.")));
    memberCatalogues.set(locale, found);
  }
  return found;
}

const serialized = new Map<string, string>();

/**
 * A page's catalogue (`pageCatalogue`: without the console's words unless the reader is a platform admin) as JSON, made
 * once per process for each language and kind of reader: what the browser gets (ADR 059, part five). A document carries
 * it as it is, in a `<script type="application/json">` block the root's layout writes (so every `<` is escaped: no
 * `</script>` can end the block early); a client navigation's data gets it as one string. Either way nothing walks some
 * 2,500 messages and their parts per request, and the browser parses it once per language. Without `admin`, the whole
 * catalogue (tests rendering any page).
 */
export function catalogueJson(locale: Locale, { admin }: { admin: boolean } = { admin: true }): string {
  const key = `${locale}:${admin}`;
  let found = serialized.get(key);
  if (found === undefined) {
    found = JSON.stringify(pageCatalogue(locale, { admin })).replaceAll("<", "\\u003c");
    serialized.set(key, found);
  }
  return found;
}

/** The catalogue as a file of its own (ADR 059, part six (k)): a script that hands the browser its JSON text. */
export type CatalogueFile = { path: string; body: string };
const files = new Map<string, CatalogueFile>();

/**
 * A document's catalogue, as the file its `<script src>` loads (host/catalogue-files.ts serves it, cached for a
 * year): the same JSON as `catalogueJson`, as a JavaScript string the browser's i18n reads (`__l10n`). Its name carries
 * the language, the kind of reader and a hash of its content, so a deploy that changes a message changes the name, and
 * a name, once served, never changes what it holds. Made once per process per language and kind of reader.
 */
export function catalogueFile(locale: Locale, { admin }: { admin: boolean }): CatalogueFile {
  const key = `${locale}:${admin}`;
  let found = files.get(key);
  if (!found) {
    // JSON text is a valid JavaScript string literal's content once stringified again (ES2019 allows U+2028/9).
    const body = `self.__l10n=${JSON.stringify(catalogueJson(locale, { admin }))};\n`;
    const hash = createHash("sha256").update(body).digest("base64url").slice(0, 16);
    found = { path: `/l10n/${locale}.${admin ? "admin" : "member"}.${hash}.js`, body };
    files.set(key, found);
  }
  return found;
}

/** The catalogue file at a URL path, or null: every language and kind of reader, as `catalogueFile` names them. */
export function catalogueFileAt(path: string): CatalogueFile | null {
  for (const locale of Object.keys(SOURCES) as Locale[]) {
    for (const admin of [false, true]) {
      const file = catalogueFile(locale, { admin });
      if (file.path === path) return file;
    }
  }
  return null;
}

export type ServerTranslate = (id: MessageId, values?: Record<string, string | number>) => string;

/** `t` on the server: for texts made there (toasts, emails, a page's title). */
export function translator(locale: Locale): ServerTranslate {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: catalogue(locale) } });
    instances.set(locale, i18n);
  }
  const ready = i18n;
  return (id, values) => ready._(id, values);
}

/** The language cookie's value, if it names one of ours. */
export function localeFromCookie(request: Request): Locale | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LOCALE_COOKIE && isLocale(value)) return value;
  }
  return null;
}

/** The language a link asks for (`?lang=es-US`: every link in an email carries the email's language), if one of ours. */
export function localeOfLink(request: Request): Locale | null {
  const lang = new URL(request.url).searchParams.get("lang");
  return isLocale(lang) ? lang : null;
}

/** The language to answer `request` in; `accountLocale` is the signed-in member's stored choice (null: none). */
export function requestLocale(request: Request, accountLocale: string | null = null): Locale {
  return resolveLocale({
    account: accountLocale,
    link: localeOfLink(request),
    cookie: localeFromCookie(request),
    acceptLanguage: request.headers.get("Accept-Language"),
  });
}

/**
 * The host's: Set-Cookie for a link's language (`lang`, a query value) when this browser's cookie says otherwise, so
 * the pages after it (a redirect, the next click) keep the email's language; null when there is nothing to remember.
 */
export function linkLanguageCookie(lang: unknown, cookieHeader: string | undefined): string | null {
  if (!isLocale(lang)) return null;
  const headers = new Headers();
  if (cookieHeader) headers.set("Cookie", cookieHeader);
  if (localeFromCookie(new Request("http://localhost/", { headers })) === lang) return null;
  return localeCookie(lang);
}

/** A visitor's language from the raw headers (the host's page cache keeps one copy of a public page per language). */
export function localeOfHeaders(cookie: string | undefined, acceptLanguage: string | undefined): Locale {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  if (acceptLanguage) headers.set("Accept-Language", acceptLanguage);
  return requestLocale(new Request("http://localhost/", { headers }));
}

/** Set-Cookie for a visitor's chosen language. Not secret, so not signed; readable only by the server (HttpOnly). */
export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax; HttpOnly${servedOverHttps() ? "; Secure" : ""}`;
}

/** The account's stored language, or English when it has none (emails to a member who never chose). */
export function accountLocale(stored: string | null | undefined): Locale {
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}
