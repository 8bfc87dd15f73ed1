import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

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
 * screen has only its own components' styles). A chunk that fails, or does not arrive within
 * two minutes, rejects with `ChunkLoadError`, which the route error screen offers to retry.
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  timeoutMs = CHUNK_TIMEOUT_MS,
): LazyExoticComponent<ComponentType<P>> {
  const withAllStyles = () =>
    Promise.all([load(), import('./all-styles.ts')]).then(([component]) => component);
  return lazyFirstScreen(withAllStyles, timeoutMs);
}

/** The first screen (login, register): like `lazyPage`, without waiting for the full stylesheet. */
export function lazyFirstScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  timeoutMs = CHUNK_TIMEOUT_MS,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => withTimeout(load(), timeoutMs).then((component) => ({ default: component })));
}
