import { Box, Table, Text, UnstyledButton, useDirection } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableSort } from './list-sort.ts';
import { useOverflow } from './use-overflow.ts';

/** A column header: its text, and the API sort key it sorts by when it is sortable. */
export type ListColumn<Sort extends string> = string | { label: string; sort: Sort };

/** Column headers from their keys: each labelled by `labelOf`, sortable when `sortOf` names its sort key. */
export function columnsOf<Key extends string, Sort extends string>(
  keys: readonly Key[],
  labelOf: (key: Key) => string,
  sortOf: Partial<Record<Key, Sort>>,
): ListColumn<Sort>[] {
  return keys.map((key) => {
    const sort = sortOf[key];
    return sort ? { label: labelOf(key), sort } : labelOf(key);
  });
}

const labelOf = <Sort extends string>(column: ListColumn<Sort>) =>
  typeof column === 'string' ? column : column.label;

const FADE_WIDTH = 40;

/** Read out, never drawn. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The rows of a list page: a striped table under its column headers, named by its caption.
 * Sortable headers are buttons that sort on the server (`aria-sort` says how). On a narrow
 * screen the table scrolls sideways in a focusable region, with a fading edge and a hint while
 * columns are out of sight, rather than squeezing or cutting them.
 */
export function ListTable<Sort extends string = never>({
  caption,
  columns,
  minWidth,
  sort,
  children,
}: {
  caption: string;
  /** The column headers, in the current language; `{ label, sort }` for a sortable one. */
  columns: readonly ListColumn<Sort>[];
  minWidth: number;
  /** The list's sort, for sortable columns. */
  sort?: TableSort<Sort>;
  /** The rows (`Table.Tr`). */
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const { dir } = useDirection();
  const box = useRef<HTMLDivElement>(null);
  const { overflows, atEnd } = useOverflow(box);
  return (
    <div>
      {overflows && (
        <Text size="sm" c="gray.7" mb={4}>
          {t('list.scrollHint')}
        </Text>
      )}
      <Box pos="relative">
        <Box
          ref={box}
          role="region"
          aria-label={caption}
          tabIndex={0}
          style={{ overflowX: 'auto' }}
          data-testid="list-table-scroll"
        >
          <Table striped highlightOnHover withTableBorder miw={minWidth}>
            {/* Named for screen readers; shown, it would scroll away with the columns. */}
            <Table.Caption style={VISUALLY_HIDDEN}>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <ColumnHeader key={labelOf(column)} column={column} sort={sort} />
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{children}</Table.Tbody>
          </Table>
        </Box>
        {overflows && !atEnd && (
          <Box
            aria-hidden
            data-testid="list-table-fade"
            pos="absolute"
            top={0}
            bottom={0}
            w={FADE_WIDTH}
            style={{
              insetInlineEnd: 0,
              pointerEvents: 'none',
              background: `linear-gradient(to ${dir === 'rtl' ? 'left' : 'right'}, transparent, var(--mantine-color-body))`,
            }}
          />
        )}
      </Box>
    </div>
  );
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function ColumnHeader<Sort extends string>({
  column,
  sort,
}: {
  column: ListColumn<Sort>;
  sort: TableSort<Sort> | undefined;
}) {
  if (typeof column === 'string' || !sort) return <Table.Th>{labelOf(column)}</Table.Th>;
  const isSorted = sort.sort === column.sort;
  const Icon = !isSorted ? IconArrowsSort : sort.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={isSorted ? ARIA_SORT[sort.order] : 'none'}>
      <UnstyledButton
        onClick={() => sort.onSort(column.sort)}
        fw={700}
        fz="inherit"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        {column.label}
        <Icon size={14} aria-hidden opacity={isSorted ? 1 : 0.5} />
      </UnstyledButton>
    </Table.Th>
  );
}
