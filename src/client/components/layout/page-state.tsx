import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isNotFound } from '#client/lib/api';
import { useRetryFocus, type RetryProps } from './list-state';

/**
 * The four states every page about one thing (a concert, a profile, a year) goes through:
 * loading (its skeleton), not found (its query answered 404), failed (its LoadError, with a
 * Retry that refetches) and the page itself. Each page keeps its own frame for each.
 *
 * A Retry that succeeds unmounts the button that had focus; focus then goes to the h1 of
 * what loaded in its place (the page, or its not-found state), so a keyboard or
 * screen-reader user carries on from the top of the new content instead of the top of the
 * document.
 */
export function PageState<T>({
  query,
  loading,
  notFound,
  failed,
  children,
}: {
  query: UseQueryResult<T>;
  loading: ReactNode;
  /** What the page says when its query answers 404. */
  notFound: ReactNode;
  /** Any other failure: the page's frame around `<LoadError {...retry} />`. */
  failed: (retry: RetryProps) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  // A 404 is an answer, shown as the page's not-found state: there is nothing to retry.
  const showsRetry = query.isError && !isNotFound(query.error);
  const retryFocus = useRetryFocus(query, showsRetry, headingAfter);

  if (query.isPending) return <>{loading}</>;
  if (showsRetry) return <>{failed(retryFocus.retry)}</>;
  return (
    <>
      {retryFocus.marker}
      {query.isError ? notFound : children(query.data)}
    </>
  );
}

/** The page's h1 in what follows `marker`. */
function headingAfter(marker: HTMLElement) {
  for (let element = marker.nextElementSibling; element; element = element.nextElementSibling) {
    const heading = element.matches('h1') ? element : element.querySelector('h1');
    if (heading) return heading;
  }
  return null;
}
