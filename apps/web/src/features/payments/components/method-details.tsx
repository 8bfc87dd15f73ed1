import { FileInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface WireDetails {
  bankName: string;
  accountNumber: string;
  iban: string;
}

const NO_WIRE_DETAILS: WireDetails = { bankName: '', accountNumber: '', iban: '' };

type Fields = Record<string, string | number>;

/**
 * What a payment's method needs beyond its amount, as checkout and an advance ask for it: a POS
 * terminal's reference, or a wire's bank, account, IBAN and copy. `bodyOf` makes the request's
 * body from the form's other fields: JSON, or multipart for a wire (its copy is a file).
 */
export function useMethodDetails() {
  const [posReference, setPosReference] = useState('');
  const [wire, setWire] = useState(NO_WIRE_DETAILS);
  const [wireCopy, setWireCopy] = useState<File | null>(null);
  return {
    posReference,
    setPosReference,
    wire,
    setWire,
    wireCopy,
    setWireCopy,
    bodyOf(method: string, fields: Fields): Fields | FormData {
      if (method === 'pos') return { ...fields, posReference };
      if (method !== 'wire') return fields;
      const form = new FormData();
      for (const [key, value] of Object.entries({ ...fields, ...wire })) form.append(key, String(value));
      if (wireCopy) form.append('wireCopy', wireCopy);
      return form;
    },
    reset() {
      setPosReference('');
      setWire(NO_WIRE_DETAILS);
      setWireCopy(null);
    },
  };
}

/** The fields of the chosen method's details: a POS reference, a wire's details, or none. */
export function MethodDetailFields({
  method,
  details,
  fieldError,
}: {
  method: string;
  details: ReturnType<typeof useMethodDetails>;
  fieldError: (field: string) => string | undefined;
}) {
  const { t } = useTranslation('payments');
  if (method === 'pos')
    return (
      <TextInput
        required
        label={t('payments:checkout.posReference')}
        value={details.posReference}
        onChange={(event) => details.setPosReference(event.currentTarget.value)}
        error={fieldError('posReference')}
      />
    );
  if (method !== 'wire') return null;
  return (
    <WireFields
      wire={details.wire}
      onWireChange={details.setWire}
      copy={details.wireCopy}
      onCopyChange={details.setWireCopy}
      fieldError={fieldError}
    />
  );
}

/** A wire transfer's bank, account number, IBAN and the transfer's copy. */
function WireFields({
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
