import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useKeysetPages } from './use-keyset-pages.ts';

describe('useKeysetPages', () => {
  it('walks forward and back through the cursors it was given', () => {
    const { result } = renderHook(() => useKeysetPages('filters'));
    expect(result.current).toMatchObject({ cursor: undefined, pageNumber: 1, hasPrevious: false });
    act(() => result.current.goNext('c2'));
    act(() => result.current.goNext('c3'));
    expect(result.current).toMatchObject({ cursor: 'c3', pageNumber: 3, hasPrevious: true });
    act(() => result.current.goPrevious());
    expect(result.current).toMatchObject({ cursor: 'c2', pageNumber: 2 });
  });

  it('starts again from the first page when the filters change', () => {
    const { result, rerender } = renderHook(({ key }) => useKeysetPages(key), {
      initialProps: { key: 'a' },
    });
    act(() => result.current.goNext('c2'));
    rerender({ key: 'b' });
    expect(result.current).toMatchObject({ cursor: undefined, pageNumber: 1, hasPrevious: false });
  });

  it('stays on the first page when asked for the one before it', () => {
    const { result } = renderHook(() => useKeysetPages('a'));
    act(() => result.current.goPrevious());
    expect(result.current.pageNumber).toBe(1);
  });
});
