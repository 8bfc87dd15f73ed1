import { FileInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface WireDetails {
  bankName: string;
  accountNumber: string;
  iban: string;
}

export const NO_WIRE_DETAILS: WireDetails = { bankName: '', accountNumber: '', iban: '' };

/** A wire transfer's bank, account number, IBAN and the transfer's copy, as checkout and an advance ask for them. */
export function WireFields({
  wire,
  onWireChange,
  copy,
  onCopyChange,
  fieldError,
}: {
  wire: WireDetails;
  onWireChange: (wire: WireDetails) => void;
  copy: File | null;
  onCopyChange: (copy: File | null) => void;
  fieldError: (field: string) => string | undefined;
}) {
  const { t } = useTranslation('payments');
  return (
    <>
      <TextInput
        required
        label={t('payments:wire.bankName')}
        value={wire.bankName}
        onChange={(event) => onWireChange({ ...wire, bankName: event.currentTarget.value })}
        error={fieldError('bankName')}
      />
      <TextInput
        required
        label={t('payments:wire.accountNumber')}
        value={wire.accountNumber}
        onChange={(event) => onWireChange({ ...wire, accountNumber: event.currentTarget.value })}
        error={fieldError('accountNumber')}
      />
      <TextInput
        required
        dir="ltr"
        label={t('payments:wire.iban')}
        value={wire.iban}
        onChange={(event) => onWireChange({ ...wire, iban: event.currentTarget.value })}
        error={fieldError('iban')}
      />
      <FileInput
        required
        accept="application/pdf,image/jpeg,image/png"
        label={t('payments:wire.copy')}
        value={copy}
        onChange={onCopyChange}
        error={fieldError('wireCopy')}
      />
    </>
  );
}
