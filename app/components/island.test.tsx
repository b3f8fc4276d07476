import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { island, loadIslands } from "./island";

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

describe("island", () => {
  it("renders in full on the server once its code is loaded: the HTML inside a Suspense boundary, no fallback", async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Island = island(load);
    // Before loadIslands the lazy component suspends: a synchronous render gives up on the boundary (client-rendered).
    const before = renderToString(<Island name="Amina" />);
    expect(before.startsWith("<!--$!-->")).toBe(true);
    expect(before).not.toContain("Hello");
    await loadIslands();
    expect(renderToString(<Island name="Amina" />)).toBe("<!--$--><p>Hello, <!-- -->Amina</p><!--/$-->");
    await loadIslands();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("renders nothing, rather than failing the page, when its code cannot be loaded", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const Island = island<{ name: string }>(() => Promise.reject(new Error("Failed to fetch dynamically imported module")));
    await loadIslands();
    expect(renderToString(<Island name="Amina" />)).toBe("<!--$--><!--/$-->");
    expect(error).toHaveBeenCalledWith("A part of this page could not be loaded", expect.any(Error));
    error.mockRestore();
  });
});
