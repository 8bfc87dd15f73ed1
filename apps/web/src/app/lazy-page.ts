import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A screen loaded on demand that can also be loaded ahead, before it is first rendered. */
export type LazyScreen<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Loads the screen's code; once done, the screen renders at once instead of suspending. */
  preload: () => Promise<void>;
};

/** How long a screen's code may take to arrive before the retry message shows (spec §9). */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(message = 'The screen could not be loaded in time.') {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : undefined));
      },
    );
  });
}

/**
 * A screen loaded on demand from its own chunk, with Mantine's full stylesheet (the first
 * screen has only its own components' styles) and the server state (`withServerState`). A chunk
 * that fails, or does not arrive within two minutes, rejects with `ChunkLoadError`, which the
 * route error screen offers to retry.
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  timeoutMs = CHUNK_TIMEOUT_MS,
): LazyScreen<P> {
  const loadWithAll = () =>
    Promise.all([load(), import('./server-state.tsx'), import('./all-styles.ts')]).then(
      ([component, { withServerState }]) => withServerState(component),
    );
  return lazyFirstScreen(loadWithAll, timeoutMs);
}

/**
 * The first screen (login, register): like `lazyPage`, without waiting for the full stylesheet,
 * and without the server state.
 */
export function lazyFirstScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  timeoutMs = CHUNK_TIMEOUT_MS,
): LazyScreen<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: { default: ComponentType<P> } | undefined;
  const start = () => {
    loading ??= withTimeout(load(), timeoutMs).then((component) => {
      loaded = { default: component };
      return component;
    });
    return loading;
  };
  // Once preloaded, React gets a thenable that answers at once, so the screen renders without
  // suspending: over the HTML the build rendered (decision 0010), no loading screen flashes.
  // Safe: React.lazy only calls `then` on what the factory returns.
  const ready = (module: { default: ComponentType<P> }) => {
    const answered = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, one React.lazy reads at once
      then: (resolve: (value: typeof module) => void) => resolve(module),
    };
    return answered as unknown as Promise<typeof module>;
  };
  const Screen = lazy(() => (loaded ? ready(loaded) : start().then((component) => ({ default: component }))));
  return Object.assign(Screen, { preload: () => start().then(() => undefined) });
}
