/**
 * The languages the product speaks and how a visitor's is chosen (ADR 056). Pure: the server reads the cookie, the
 * account and the request's Accept-Language header (app/server/platform/locale.server.ts) and asks here.
 *
 * The order: what the member chose (stored on the account), else what this browser chose (the cookie), else the
 * browser's own first guess (Accept-Language), else English.
 */
export const LOCALES = ["en-US", "es-US"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en-US";

/** Each language named in itself: what the language switch shows (never translated). */
export const LOCALE_NAMES: Record<Locale, string> = { "en-US": "English", "es-US": "Español" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The supported language a language tag asks for: any Spanish is es-US, any English en-US; else none. */
export function localeForTag(tag: string): Locale | null {
  const language = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (language === "es") return "es-US";
  if (language === "en") return "en-US";
  return null;
}

/**
 * The first supported language of an Accept-Language header (RFC 9110 §12.5.4), by quality then order; `q=0` means
 * "not this one". A missing, malformed or unsupported header is null (the caller falls back to English).
 */
export function parseAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header || header.length > 1000) return null;
  const ranges: Array<{ locale: Locale | null; quality: number; index: number }> = [];
  header.split(",").forEach((part, index) => {
    const [tag = "", ...params] = part.split(";");
    let quality = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (match) quality = Number(match[1]);
    }
    if (tag.trim() === "" || quality <= 0) return;
    ranges.push({ locale: localeForTag(tag), quality, index });
  });
  ranges.sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranges.find((range) => range.locale !== null)?.locale ?? null;
}

/**
 * The language to render in: the account's choice, the link's (`?lang=`, as every link in an email carries its
 * language), the cookie's, Accept-Language's first guess, else English.
 */
export function resolveLocale(sources: {
  account?: string | null;
  link?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  if (isLocale(sources.account)) return sources.account;
  if (isLocale(sources.link)) return sources.link;
  if (isLocale(sources.cookie)) return sources.cookie;
  return parseAcceptLanguage(sources.acceptLanguage) ?? DEFAULT_LOCALE;
}
