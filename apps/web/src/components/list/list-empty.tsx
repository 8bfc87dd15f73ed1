import { Button, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AddButton, type ListAdd } from './list-header.tsx';

/**
 * A list with no rows, saying why: none matches the search and filters (with a way to clear
 * them), or there are none at all yet (with the add action for those who may add).
 */
export function ListEmpty({ text, onClear, add }: { text: string; onClear?(): void; add?: ListAdd }) {
  const { t } = useTranslation('common');
  return (
    <Paper withBorder p="xl" role="status">
      <Stack align="center" gap="md">
        <Text ta="center">{text}</Text>
        {onClear && (
          <Button variant="light" onClick={onClear}>
            {t('list.clearFilters')}
          </Button>
        )}
        {add && <AddButton add={add} />}
      </Stack>
    </Paper>
  );
}
