/**
 * The public content pages in Spanish (ADR 056, part five (j)): each Spanish content module has the English one's
 * shape (the same articles, days and blocks; the same principles and measures), and the catalogue's English says
 * exactly what the domain's English says where both exist (the contact topics, the Sharia page's no-interest line).
 */
import { describe, expect, it } from "vitest";
import { CONTACT_TOPICS } from "~/domain/contact";
import { DEFAULT_COVER } from "~/domain/default-cover";
import { formatDate } from "~/domain/format";
import { CONTENT_MESSAGES } from "~/domain/messages/content.en-US";
import { CONTENT_MESSAGES_ES } from "~/domain/messages/content.es-US";
import * as aboutEn from "./about";
import * as aboutEs from "./about.es-US";
import { ARTICLES as ENGLISH_ARTICLES, formatPublishedOn } from "./blog";
import { ARTICLES as SPANISH_ARTICLES } from "./blog.es-US";
import * as securityEn from "./security";
import * as securityEs from "./security.es-US";
import * as shariaEn from "./sharia";
import * as shariaEs from "./sharia.es-US";

const shape = (blocks: (typeof ENGLISH_ARTICLES)[number]["body"]) =>
  blocks.map((block) => ("items" in block ? `${block.kind}:${block.items.length}` : block.kind));

describe("the blog in Spanish", () => {
  it("has every article, with the same id, day, reading time and blocks", () => {
    expect(SPANISH_ARTICLES.map(({ id, publishedOn, readingMinutes }) => ({ id, publishedOn, readingMinutes }))).toEqual(
      ENGLISH_ARTICLES.map(({ id, publishedOn, readingMinutes }) => ({ id, publishedOn, readingMinutes })),
    );
    for (const [index, article] of SPANISH_ARTICLES.entries()) expect(shape(article.body), article.id).toEqual(shape(ENGLISH_ARTICLES[index]!.body));
  });

  it("says the day in the reader's language", () => {
    expect(formatPublishedOn("2026-11-17")).toBe("November 17, 2026");
    expect(formatPublishedOn("2026-11-17", "es-US")).toBe("17 de noviembre de 2026");
  });

  it("speaks to the reader as usted, the glossary's way", () => {
    const text = JSON.stringify(SPANISH_ARTICLES);
    expect(text).not.toMatch(/\b(tú|tienes|puedes|quieres|tu turno)\b/i);
    expect(text).toContain("los viernes");
    expect(text).not.toMatch(/\bcobro\b/);
  });
});

describe("the other content pages in Spanish", () => {
  it("have the English pages' entries", () => {
    expect(aboutEs.ABOUT_INTRO).toHaveLength(aboutEn.ABOUT_INTRO.length);
    expect(aboutEs.VALUES).toHaveLength(aboutEn.VALUES.length);
    expect(aboutEs.FACTS).toHaveLength(aboutEn.FACTS.length);
    expect(securityEs.SECURITY_MEASURES.map((measure) => measure.id)).toEqual(securityEn.SECURITY_MEASURES.map((measure) => measure.id));
    expect(securityEs.ACCOUNT_TIPS).toHaveLength(securityEn.ACCOUNT_TIPS.length);
    expect(shariaEs.PRINCIPLES.map((principle) => [principle.id, principle.body.length])).toEqual(
      shariaEn.PRINCIPLES.map((principle) => [principle.id, principle.body.length]),
    );
    // The contact link in the disclaimer, in both languages.
    expect(shariaEn.SHARIA_DISCLAIMER.join(" ")).toMatch(/<0>tell us<\/0>/);
    expect(shariaEs.SHARIA_DISCLAIMER.join(" ")).toMatch(/<0>díganoslo<\/0>/);
  });

  it("the catalogue's English is the domain's", () => {
    for (const topic of CONTACT_TOPICS) expect(CONTENT_MESSAGES[`content.contact.topic.${topic.value}`]).toBe(topic.label);
    expect(CONTENT_MESSAGES["content.sharia.noInterest"]).toBe(DEFAULT_COVER.noInterest);
    expect(CONTENT_MESSAGES_ES["content.contact.topic.security"]).toBe("Reportar un problema de seguridad");
  });

  it("the legal documents' effective day reads in each language", () => {
    expect(formatDate("2026-11-21", { style: "long" })).toBe("November 21, 2026");
    expect(formatDate("2026-11-21", { style: "long", locale: "es-US" })).toBe("21 de noviembre de 2026");
  });
});
