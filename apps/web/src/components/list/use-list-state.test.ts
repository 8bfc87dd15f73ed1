import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useListState } from './use-list-state.ts';

const START = { status: '', region: '', sort: 'nameEn', order: 'asc' };

describe('useListState', () => {
  it('counts the filters that narrow the rows, never the sort or its order', () => {
    const { result } = renderHook(() => useListState(START));
    expect(result.current).toMatchObject({ activeFilterCount: 0, isFiltered: false });
    act(() => result.current.setFilter('sort', 'code'));
    act(() => result.current.setFilter('order', 'desc'));
    expect(result.current).toMatchObject({ activeFilterCount: 0, isFiltered: false });
    act(() => result.current.setFilter('status', 'active'));
    act(() => result.current.setFilter('region', 'SA-01'));
    expect(result.current).toMatchObject({ activeFilterCount: 2, isFiltered: true });
  });

  it('clears the search and the filters, and keeps the sort', () => {
    const { result } = renderHook(() => useListState(START));
    act(() => {
      result.current.setSearch('amin');
      result.current.setFilter('status', 'active');
      result.current.setFilter('sort', 'code');
    });
    act(() => result.current.clearFilters());
    expect(result.current.search).toBe('');
    expect(result.current.filters).toEqual({ ...START, sort: 'code' });
    expect(result.current.activeFilterCount).toBe(0);
  });
});
