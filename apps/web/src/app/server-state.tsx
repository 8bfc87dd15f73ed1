import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { queryClient } from './query-client.ts';

/**
 * A screen with the app's server state (TanStack Query) around it. Every screen loaded on demand
 * comes this way (`lazyPage`), the area frames included, all with the one client; the first
 * screens (login, register) do without it, so that `/login` does not load it (decision 0010).
 */
export function withServerState<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  return function WithServerState(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Screen {...props} />
      </QueryClientProvider>
    );
  };
}
