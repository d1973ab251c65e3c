import { useDeferredValue } from 'react';

/** What a screen needs of a query to draw it: its answer, and whether one is still to come. */
export interface Loadable<T> {
  data: T | undefined;
  isPending: boolean;
}

/**
 * A query's answer, drawn in a render React may pause for input, a few milliseconds at a time.
 * React Query hands answers over through `useSyncExternalStore`, whose updates React renders at
 * once: a screen drawn from them is one long task on a slow phone, every tap held until it
 * ends. Here the answer reaches the screen through `useDeferredValue` instead, and the query
 * counts as pending (its skeleton stays) until the screen has been drawn with it. A later answer
 * (a refetch) replaces the one shown the same way, the earlier one staying until then.
 */
export function useDrawnLater<T>(query: Loadable<T>): Loadable<T> {
  const data = useDeferredValue(query.data);
  return {
    data,
    isPending: query.isPending || (query.data !== undefined && data === undefined),
  };
}
