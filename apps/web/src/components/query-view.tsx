import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from './page-states.tsx';

/** One record's screen: loading, an error (or "not found") with a retry, then the record. */
export function QueryView<Data>({
  query,
  notFoundText,
  children,
}: {
  query: UseQueryResult<Data>;
  notFoundText?: string;
  children(data: Data): ReactNode;
}) {
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} notFoundText={notFoundText} />
    );
  }
  return <>{children(query.data)}</>;
}
