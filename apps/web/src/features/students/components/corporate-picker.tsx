import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { corporateOptionsQuery } from '../api.ts';

export interface PickedCorporate {
  id: number;
  nameEn: string;
  nameAr: string;
}

export interface CorporatePickerProps {
  id?: string;
  label: string;
  /** The chosen corporate's id, '' for the first choice (none, or all). */
  value: string;
  /** The new value, and the corporate it names (null for the first choice). */
  onChange: (value: string, corporate: PickedCorporate | null) => void;
  /** What '' means here: "No corporate (individual)" or "All corporates". */
  noneLabel: string;
  /** The corporate chosen before (an edit, a transfer), so its name shows before any search. */
  initial?: PickedCorporate | null;
  description?: string;
  error?: string;
  disabled?: boolean;
}

/**
 * A corporate chosen by typing part of its name or CR number: the server searches (there may
 * be thousands), the list shows the first matches in the UI language.
 */
export function CorporatePicker({
  id,
  label,
  value,
  onChange,
  noneLabel,
  initial,
  description,
  error,
  disabled,
}: CorporatePickerProps) {
  const { t } = useTranslation('students');
  const { language } = useLanguage();
  const { message } = useMessages();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [chosen, setChosen] = useState<PickedCorporate | null>(initial ?? null);
  // A search that is a chosen option's own label (Mantine writes it back) searches for nothing.
  const chosenLabel = chosen ? nameIn(chosen, language) : '';
  const term = debounced === chosenLabel || debounced === noneLabel ? '' : debounced;
  const options = useQuery(corporateOptionsQuery(term));

  const data = useMemo(() => {
    const found = options.data ?? [];
    const list = chosen && !found.some((item) => item.id === chosen.id) ? [chosen, ...found] : found;
    return [
      { value: '', label: noneLabel },
      ...list.map((item) => ({ value: String(item.id), label: nameIn(item, language) })),
    ];
  }, [options.data, chosen, noneLabel, language]);

  const findPicked = (next: string | null): PickedCorporate | null => {
    if (!next) return null;
    if (chosen && String(chosen.id) === next) return chosen;
    return options.data?.find((item) => String(item.id) === next) ?? null;
  };

  return (
    <Select
      id={id}
      label={label}
      description={description ?? t('corporatePicker.hint')}
      data={data}
      value={value}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={t('corporatePicker.nothingFound')}
      onChange={(next) => {
        const picked = findPicked(next);
        if (picked) setChosen(picked);
        onChange(next ?? '', picked);
      }}
      allowDeselect={false}
      error={error ?? (options.isError ? message('ERROR_FETCHING_DATA') : undefined)}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
    />
  );
}
