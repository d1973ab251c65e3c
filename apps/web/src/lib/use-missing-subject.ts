import { type Query, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiErrorOf } from './api-error';

function isNotFound(error: unknown): boolean {
  return apiErrorOf(error)?.code === 'not_found';
}

/** A query that a screen on display reads, and that the server answered with `not_found`. */
function missingOnScreen(query: Query): boolean {
  return (
    query.getObserversCount() > 0 && query.state.status === 'error' && isNotFound(query.state.error)
  );
}

/**
 * Whether the page at `locationKey` is about something that does not exist: a query of the
 * screen answered `not_found` (only the reads of one item by its id do, e.g. `/products/<id>`
 * of a product that is not the seller's). The shell then shows its not-found page, in the
 * seller's language, as for an unknown address. It holds until the next navigation.
 */
export function useMissingSubject(locationKey: string): boolean {
  const queryClient = useQueryClient();
  const [missingAt, setMissingAt] = useState<string | null>(null);
  useEffect(() => {
    const cache = queryClient.getQueryCache();
    if (cache.getAll().some(missingOnScreen)) setMissingAt(locationKey);
    return cache.subscribe((event) => {
      const failed =
        event.type === 'updated' && event.action.type === 'error' && isNotFound(event.action.error);
      if ((failed && event.query.getObserversCount() > 0) || missingOnScreen(event.query)) {
        setMissingAt(locationKey);
      }
    });
  }, [queryClient, locationKey]);
  return missingAt === locationKey;
}
