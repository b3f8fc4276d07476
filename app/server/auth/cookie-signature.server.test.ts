import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { cookieFromHeader, unsignCookieValue } from "./cookie-signature.server";

const SECRET = "a-test-secret-of-reasonable-length";

/** What a browser sends back after React Router's createCookie wrote `value`: the Cookie header's name=value pair. */
async function written(value: unknown, secret = SECRET) {
  const setCookie = await createCookie("c", { secrets: [secret] }).serialize(value);
  return setCookie.split(";")[0] ?? "";
}

function read(header: string, secrets = [SECRET]) {
  const raw = cookieFromHeader(header, "c");
  return raw === null ? null : unsignCookieValue(raw, secrets);
}

describe("reading cookies signed by createCookie", () => {
  it("returns what createCookie wrote: tokens, text beyond ASCII and objects", async () => {
    expect(read(await written("kq3V-8xZ_token"))).toBe("kq3V-8xZ_token");
    expect(read(await written("Zoë — ﷺ 🎉"))).toBe("Zoë — ﷺ 🎉");
    expect(read(await written({ toasts: [{ id: "1", title: "Saved" }] }))).toEqual({ toasts: [{ id: "1", title: "Saved" }] });
  });

  it("accepts the value under any of the secrets (rotation), and nothing under another secret", async () => {
    const header = await written("token", "old-secret");
    expect(read(header, ["new-secret", "old-secret"])).toBe("token");
    expect(read(header, ["new-secret"])).toBeNull();
  });

  it("rejects any change to the payload or the signature", async () => {
    const header = await written("token");
    const [name, raw] = [header.slice(0, 2), decodeURIComponent(header.slice(2))];
    const dot = raw.lastIndexOf(".");
    const otherPayload = Buffer.from(JSON.stringify("tokeN")).toString("base64");
    expect(read(`${name}${otherPayload}${raw.slice(dot)}`)).toBeNull();
    const flipped = raw.slice(0, -1) + (raw.endsWith("A") ? "B" : "A");
    expect(read(`${name}${flipped}`)).toBeNull();
    expect(read(`${name}${raw.slice(0, -1)}`)).toBeNull();
    expect(read(`${name}${raw}=`)).toBeNull();
    expect(read(`${name}${raw.slice(0, dot)}`)).toBeNull();
    expect(read("c=forged-value")).toBeNull();
    expect(read("c=.")).toBeNull();
  });

  it("agrees with createCookie's own parse", async () => {
    const cookie = createCookie("c", { secrets: [SECRET] });
    const good = await written({ n: 1 });
    const otherPayload = `c=${Buffer.from(JSON.stringify({ n: 2 })).toString("base64")}${decodeURIComponent(good).slice(decodeURIComponent(good).lastIndexOf("."))}`;
    for (const header of [good, otherPayload, "c=forged-value", "c=.", await written("token", "other")]) {
      expect(read(header)).toEqual(await cookie.parse(header));
    }
  });

  it("accepts only the signature's canonical base64, where createCookie's atob also takes other spellings of it", async () => {
    // 32 bytes in 43 base64 characters: the last one carries 4 bits and 2 unused ones, so 4 spellings decode alike.
    const raw = decodeURIComponent((await written("token")).slice(2));
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const last = alphabet.indexOf(raw.at(-1) ?? "");
    const sameBits = alphabet[last ^ 1];
    const header = `c=${encodeURIComponent(raw.slice(0, -1) + sameBits)}`;
    expect(await createCookie("c", { secrets: [SECRET] }).parse(header)).toBe("token");
    expect(read(header)).toBeNull();
  });
});

describe("cookieFromHeader", () => {
  it("finds the named cookie among others, the first when repeated, and decodes it as the cookie package does", () => {
    expect(cookieFromHeader("a=1; c=two; d=3", "c")).toBe("two");
    expect(cookieFromHeader("c=first;c=second", "c")).toBe("first");
    expect(cookieFromHeader('c="quoted"', "c")).toBe("quoted");
    expect(cookieFromHeader("c=a%2Bb%3D", "c")).toBe("a+b=");
    expect(cookieFromHeader("c=%E0%A4%A", "c")).toBe("%E0%A4%A");
    expect(cookieFromHeader("c=", "c")).toBe("");
  });

  it("is null when the cookie is absent, including names that merely contain it", () => {
    expect(cookieFromHeader(null, "c")).toBeNull();
    expect(cookieFromHeader("", "c")).toBeNull();
    expect(cookieFromHeader("xc=1; cc=2; c", "c")).toBeNull();
  });
});
