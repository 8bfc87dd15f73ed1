import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The rows of a list page: a striped table under its column headers, named by its caption, that
 * scrolls sideways on a narrow screen rather than squeezing its columns.
 */
export function ListTable({
  caption,
  columns,
  minWidth,
  children,
}: {
  caption: string;
  /** The column headers, in the current language. */
  columns: readonly string[];
  minWidth: number;
  /** The rows (`Table.Tr`). */
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover withTableBorder>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
