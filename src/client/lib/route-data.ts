// For the loaders of screens whose search params change while the screen stays (a filter, a month,
// the thread or chat shown, the calendar's range): see awaitOnEnter.

type LoaderCause = 'enter' | 'stay' | 'preload';

/**
 * Settles a loader's queries, each failure left to the screen's own error state. On entering the
 * route (or preloading it) the loader waits, so the screen opens filled. When the route stays and
 * only its search changed, it only starts them: the screen keeps what it shows (dimmed, its
 * keepPreviousData) while the next arrives, and the address changes at once, so a second filter
 * chosen right after the first builds on it rather than on the search the screen had before.
 */
export async function awaitOnEnter(cause: LoaderCause, queries: readonly (Promise<unknown> | false | undefined | '')[]): Promise<void> {
  const settled = Promise.all(queries.map((query) => (query ? query.catch(() => undefined) : undefined)));
  if (cause !== 'stay') await settled;
}
