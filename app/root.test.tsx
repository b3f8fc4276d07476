import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./root";

function renderBoundary(error: unknown) {
  const props = { error, params: {} } as unknown as Parameters<typeof ErrorBoundary>[0];
  return renderToStaticMarkup(<ErrorBoundary {...props} />);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("root error boundary", () => {
  it("shows 'Something went wrong' with Refresh Page and Go Home", () => {
    vi.stubEnv("DEV", false);
    const html = renderBoundary(new Error("database exploded at line 42"));
    expect(html).toContain(">Something went wrong</h1>");
    expect(html).toMatch(/<a href=""[^>]*>Refresh Page<\/a>/);
    expect(html).toMatch(/<a href="\/"[^>]*>Go Home<\/a>/);
    // Never a stack trace or an internal message outside development.
    expect(html).not.toContain("database exploded");
  });

  it("shows the stack in development only", () => {
    vi.stubEnv("DEV", true);
    expect(renderBoundary(new Error("database exploded at line 42"))).toContain("database exploded at line 42");
  });
});
