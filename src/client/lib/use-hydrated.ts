import { useSyncExternalStore } from 'react';

// The public pages arrive as prerendered HTML (decision 0048) and come alive when the script has
// hydrated them. Until then a button's click handler or a form's submit handler is not attached:
// a click would do nothing, and a submitted form would send its fields in the URL. Controls that
// need the script are disabled until this is true, so they look and behave as "not ready yet".
// useSyncExternalStore answers the server value (false) while hydrating, so the first render
// matches the HTML, and re-renders with true at once; a page rendered in the browser starts at true.

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
