import { describe, expect, it } from "vitest";
import { pageLocation } from "./page-location.server";

const at = (path: string) => pageLocation(new Request(`http://localhost:3000${path}`));

describe("pageLocation", () => {
  it("is the document's own address for a document request", () => {
    expect(at("/dashboard")).toBe("/dashboard");
    expect(at("/groups/abc/statement?period=3")).toBe("/groups/abc/statement?period=3");
    expect(at("/")).toBe("/");
  });

  it("drops what React Router adds to a data request: the .data (or /_.data) suffix and the _routes parameter", () => {
    expect(at("/dashboard.data")).toBe("/dashboard");
    expect(at("/dashboard.data?_routes=root%2Croutes%2Fdashboard")).toBe("/dashboard");
    expect(at("/admin.data?q=ann&_routes=routes%2Fadmin&page=2")).toBe("/admin?q=ann&page=2");
    expect(at("/_.data")).toBe("/");
    expect(at("/_.data?_routes=root")).toBe("/");
    expect(at("/groups/abc/_.data?_routes=root%2Croutes%2Fgroups.%24groupId")).toBe("/groups/abc");
  });

  it("drops a trailing slash but keeps the index marker, as React Router does", () => {
    expect(at("/profile/")).toBe("/profile");
    expect(at("/profile?index")).toBe("/profile?index");
    expect(at("/profile.data?index")).toBe("/profile?index");
    expect(at("/profile.data?index&_routes=routes%2Fprofile._index")).toBe("/profile?index=");
  });
});
