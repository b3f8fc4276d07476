import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
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

  it("turns a busy database (the 503 the guards throw) into a plain retry page", async () => {
    vi.stubEnv("DEV", true);
    const { busyResponse } = await import("./server/db/errors.server");
    const thrown = busyResponse() as unknown as { data: unknown; init: { status: number } };
    const html = renderBoundary(new ErrorResponseImpl(thrown.init.status, "Service Unavailable", thrown.data));
    expect(html).toContain(">This is taking longer than it should</h1>");
    expect(html).toContain("We couldn&#x27;t load this page in time. Nothing was lost. Please try again in a moment.");
    expect(html).toMatch(/<a href=""[^>]*>Refresh Page<\/a>/);
    expect(html).not.toContain("503");
  });

  it("shows the stack in development only", () => {
    vi.stubEnv("DEV", true);
    expect(renderBoundary(new Error("database exploded at line 42"))).toContain("database exploded at line 42");
  });
});
