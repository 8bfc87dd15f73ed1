import {
  Badge,
  Box,
  Button,
  Drawer,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import type { ListState } from './use-list-state.ts';

/** Below this width (a phone) the filters fold into a drawer and only the search stays in view. */
export const PHONE_QUERY = '(max-width: 48em)';

/**
 * The box above a list: its search, and its filters in a grid that wraps on a tablet. On a
 * phone the filters fold into a drawer behind a "Filters" button that counts the active ones.
 */
export function ListFilters({
  list,
  search,
  children,
  columns = 4,
}: {
  list: Pick<ListState<unknown>, 'activeFilterCount' | 'search' | 'setSearch'>;
  /** The search field's label and placeholder; the field stays in view on every screen. None: no search. */
  search?: { label: string; hint?: string };
  /** The filters. */
  children?: ReactNode;
  columns?: number;
}) {
  // Read at the first render, not after it: the filters do not fold away under the reader's eyes.
  const isPhone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
  const searchField = search && (
    <SearchField label={search.label} hint={search.hint} value={list.search} onChange={list.setSearch} />
  );
  const wide = (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: columns }}>
        {searchField}
        {children}
      </SimpleGrid>
    </Paper>
  );
  if (!children) return wide;
  const phone = (
    <Paper withBorder p="md">
      <Stack gap="sm">
        {searchField}
        <FiltersDrawer activeCount={list.activeFilterCount}>{children}</FiltersDrawer>
      </Stack>
    </Paper>
  );
  // The HTML the build renders (no window, decision 0010) holds both, one shown by the width.
  if (typeof window === 'undefined') {
    return (
      <>
        <Box hiddenFrom="sm">{phone}</Box>
        <Box visibleFrom="sm">{wide}</Box>
      </>
    );
  }
  return isPhone ? phone : wide;
}

/** The "Filters" button of a phone and the drawer it opens, holding the filters one under another. */
function FiltersDrawer({ activeCount, children }: { activeCount: number; children: ReactNode }) {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Group>
        <Button
          variant="default"
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          rightSection={
            activeCount > 0 && (
              <Badge size="sm" circle aria-hidden>
                {formatNumber(activeCount, language)}
              </Badge>
            )
          }
          aria-label={
            activeCount > 0
              ? t('list.filtersActive', { active: formatNumber(activeCount, language) })
              : undefined
          }
          onClick={open}
        >
          {t('list.filters')}
        </Button>
      </Group>
      {/* A sheet as tall as its filters (Mantine 9 reads size="auto" as an unknown size: full height). */}
      <Drawer
        opened={opened}
        onClose={close}
        title={t('list.filters')}
        position="bottom"
        radius="md"
        styles={{ content: { height: 'auto' } }}
      >
        <Stack gap="md" pb="md">
          {children}
          <Button onClick={close}>{t('list.showResults')}</Button>
        </Stack>
      </Drawer>
    </>
  );
}

/** The free-text search of a list (a `searchbox` to screen readers). */
function SearchField({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={hint}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
    />
  );
}

/**
 * A filter with an "all" choice first: `''` stands for all. `options` are the other choices
 * with their labels already translated.
 */
export function ChoiceFilter<Value extends string>({
  label,
  allLabel,
  options,
  value,
  onChange,
  searchable,
}: {
  label: string;
  allLabel: string;
  options: readonly { value: Value; label: string }[];
  value: Value | '';
  onChange(value: Value | ''): void;
  searchable?: boolean;
}) {
  return (
    <Select
      label={label}
      data={[{ value: '', label: allLabel }, ...options]}
      value={value}
      onChange={(next) => onChange(options.find((option) => option.value === next)?.value ?? '')}
      allowDeselect={false}
      searchable={searchable}
    />
  );
}

/** A list whose filter `Key` holds one of `Value` or `''` (all): what a bound filter reads and sets. */
interface ListWithFilter<Key extends string, Value extends string> {
  filters: Record<Key, Value | ''>;
  setFilter(key: Key, value: Value | ''): void;
}

/** A `ChoiceFilter` bound to the list's filter `name`: it shows that filter and sets it. */
export function ListChoiceFilter<Key extends string, Value extends string>({
  list,
  name,
  ...choice
}: {
  list: ListWithFilter<Key, Value>;
  name: Key;
  label: string;
  allLabel: string;
  options: readonly { value: Value; label: string }[];
  searchable?: boolean;
}) {
  return (
    <ChoiceFilter {...choice} value={list.filters[name]} onChange={(value) => list.setFilter(name, value)} />
  );
}

const ACTIVE_STATUSES = ['active', 'inactive'] as const;

/** A list whose filters hold an active or inactive status ('' for all). */
type StatusList = Pick<ListState<{ status: '' | (typeof ACTIVE_STATUSES)[number] }>, 'filters' | 'setFilter'>;

/** The common Status filter of records that are active or inactive, "All statuses" first, bound to the list. */
export function ListStatusFilter({ list }: { list: StatusList }) {
  const { t } = useTranslation('common');
  return (
    <ChoiceFilter
      label={t('list.status')}
      allLabel={t('list.allStatuses')}
      options={ACTIVE_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
      value={list.filters.status}
      onChange={(value) => list.setFilter('status', value)}
    />
  );
}
