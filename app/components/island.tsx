import { type ComponentType, lazy, Suspense } from "react";

type Module<P> = { default: ComponentType<P> };
const Nothing = () => null;
const loaders: Array<() => Promise<unknown>> = [];

/**
 * A component whose code is a chunk of its own, downloaded only by browsers whose page renders it (issue 15: the
 * bell and the idle-session timer are for signed-in visitors, so the landing page never loads them).
 *
 * The server renders it in place like any component: `loadIslands()` (entry.server.tsx) loads every island's code
 * before the first render, and from then on the lazy component resolves synchronously, so the HTML is complete and
 * works without JavaScript. In the browser the same lazy component suspends during hydration until its chunk has
 * arrived; React keeps the server's HTML inside the Suspense boundary meanwhile, then hydrates it. The element is the
 * same lazy component on both sides and on every render, so nothing remounts once it has loaded.
 */
export function island<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<Module<P>> | null = null;
  const start = () =>
    (loading ??= load()
      // Code that cannot be fetched (a network failure, a deploy that replaced the chunk) must not take the page down
      // with it: the island renders nothing, and the rest of the page keeps working.
      .catch((error: unknown) => {
        console.error("A part of this page could not be loaded", error);
        return Nothing as ComponentType<P>;
      })
      .then((component) => {
        loaded = component;
        return { default: component };
      }));
  loaders.push(start);
  // Once loaded, a thenable that answers at once: React.lazy then renders without suspending (the server's case).
  const Lazy = lazy<ComponentType<P>>(() => {
    if (!loaded) return start();
    const module: Module<P> = { default: loaded };
    // biome-ignore lint/suspicious/noThenProperty: a thenable that resolves synchronously is the point (React.lazy reads it at once)
    return { then: (resolve: (value: Module<P>) => void) => resolve(module) } as Promise<Module<P>>;
  });
  // Made once per island at module level, like React.lazy's own result: never inside a render.
  // biome-ignore lint/correctness/noComponentHookFactories: a component factory called at module scope, not a component made in render
  function Island(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Island;
}

/** Loads every island's code (the server, before it renders; cheap once done). */
export function loadIslands(): Promise<unknown> {
  return Promise.all(loaders.map((load) => load()));
}
