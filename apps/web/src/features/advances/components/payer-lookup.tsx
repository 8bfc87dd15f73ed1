import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { PayerOption } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { nameInOrOther } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { payerSearchQuery } from '../api.ts';

const keyOf = (payer: PayerOption) => `${payer.payerKind}:${payer.payerId}`;

/**
 * The advance form's payer: a student found by ID number or name, a corporate by name or CR, each
 * named in the screen's language (the other name where it has none in that one), its type and number.
 */
export function PayerLookup({
  search,
  onSearchChange,
  payer,
  onChange,
  error,
}: {
  search: string;
  onSearchChange(search: string): void;
  payer: PayerOption | null;
  onChange(payer: PayerOption | null): void;
  error?: string;
}) {
  const { t } = useTranslation('advances');
  const { language } = useLanguage();
  const [settled] = useDebouncedValue(search, 300);
  const payers = useQuery(payerSearchQuery(settled));
  const options = [...(payers.data ?? []), ...(payer ? [payer] : [])].filter(
    (option, index, all) => all.findIndex((other) => keyOf(other) === keyOf(option)) === index,
  );
  const labelOf = (option: PayerOption) =>
    [
      nameInOrOther({ nameEn: option.payerNameEn, nameAr: option.payerNameAr }, language),
      t(`payerKind.${option.payerKind}`),
      option.payerNumber,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <Select
      required
      searchable
      // the payer's registered name, as typed or found: user data, not the screen's text
      data-user-data
      label={t('new.payer')}
      description={t('new.payerHint')}
      placeholder={t('new.payerPlaceholder')}
      searchValue={search}
      onSearchChange={onSearchChange}
      data={options.map((option) => ({ value: keyOf(option), label: labelOf(option) }))}
      value={payer ? keyOf(payer) : null}
      onChange={(value) => onChange(options.find((option) => keyOf(option) === value) ?? null)}
      filter={({ options: shown }) => shown}
      nothingFoundMessage={settled.trim().length >= 2 && payers.isSuccess ? t('new.noPayer') : undefined}
      error={error}
    />
  );
}
