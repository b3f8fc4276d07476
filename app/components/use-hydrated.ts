import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False during server render and hydration, true after: for controls that only work with JavaScript. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
