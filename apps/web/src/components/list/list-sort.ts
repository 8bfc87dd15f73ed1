import type { ListState } from './use-list-state.ts';

export type SortOrder = 'asc' | 'desc';

/** The sort of a table: the key and order in force, and what a click on a sortable header does. */
export interface TableSort<Sort extends string> {
  sort: Sort;
  order: SortOrder;
  onSort(sort: Sort): void;
}

/** A list whose filters hold its sort key and order (sent as the API's `sort` and `order`). */
export type SortedList<Sort extends string> = Pick<
  ListState<{ sort: Sort; order: SortOrder }>,
  'filters' | 'setFilter'
>;

/**
 * The table sort of a list: a click on the column sorted by turns its order round; a click on
 * another sortable column sorts by it, ascending.
 */
export function tableSortOf<Sort extends string>(list: SortedList<Sort>): TableSort<Sort> {
  const { sort, order } = list.filters;
  return {
    sort,
    order,
    onSort: (next) => {
      if (next === sort) {
        list.setFilter('order', order === 'asc' ? 'desc' : 'asc');
        return;
      }
      list.setFilter('sort', next);
      list.setFilter('order', 'asc');
    },
  };
}
