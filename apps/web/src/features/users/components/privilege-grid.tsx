import { Checkbox, Table, Text } from '@mantine/core';
import { ACTIONS, type Action, type Privilege } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { isLocked, toggleFlag } from './privilege-grid-model.ts';

interface PrivilegeGridProps {
  /** Every resource's row (see fullGrid). */
  value: Privilege[];
  onChange: (grid: Privilege[]) => void;
  /** What the editing user holds: the rights they may give. */
  editor: readonly Privilege[];
  /** An element describing the grid (its hint or its error). */
  describedBy?: string;
  disabled?: boolean;
}

/**
 * The resources × actions grid of a permission group: a table with a header for each resource
 * (rows) and each action (columns), one named checkbox per cell.
 */
export function PrivilegeGrid({
  value,
  onChange,
  editor,
  describedBy,
  disabled = false,
}: PrivilegeGridProps) {
  const { t } = useTranslation('users');
  const change = (id: number, action: Action, checked: boolean) =>
    onChange(toggleFlag(value, id, action, checked, editor));

  return (
    <Table.ScrollContainer minWidth={520}>
      <Table withTableBorder withColumnBorders striped captionSide="top" aria-describedby={describedBy}>
        <Table.Caption>{t('groups.grid')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('groups.resource')}</Table.Th>
            {ACTIONS.map((action) => (
              <Table.Th key={action} scope="col" ta="center">
                {t(`actions.${action}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {value.map((row) => {
            const resource = t(`resources.${row.id}`);
            return (
              <Table.Tr key={row.id}>
                <Table.Th scope="row" fw={500}>
                  <Text span size="sm" fw={500}>
                    {resource}
                  </Text>
                </Table.Th>
                {ACTIONS.map((action) => (
                  <Table.Td key={action}>
                    <Checkbox
                      mx="auto"
                      w="fit-content"
                      aria-label={t('groups.cell', { resource, action: t(`actions.${action}`) })}
                      checked={row[action]}
                      disabled={disabled || isLocked(row, action, editor)}
                      onChange={(event) => change(row.id, action, event.currentTarget.checked)}
                      data-resource={row.id}
                      data-action={action}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
