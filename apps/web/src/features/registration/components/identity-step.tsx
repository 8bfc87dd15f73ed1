import { NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { ID_TYPES, normalizeDigits, OCCUPATIONS } from '@tasreeh/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { liveIdNumberIssue } from '../student-fields.ts';
import { DatePartsField } from './date-parts-field.tsx';
import { fieldId, type StudentStepProps } from './step-props.ts';

const SAUDI_ID_LENGTH = 10;
const OCCUPATION_LIST_ID = 'reg-occupation-suggestions';

/** Step 2: the ID (type, number checked as it is typed, expiry, issue source) and work details. */
export function IdentityStep({ values, setField, errorOf }: StudentStepProps) {
  const { t } = useTranslation('registration');
  const { message } = useMessages();
  const [idTouched, setIdTouched] = useState(false);
  const isSaudiId = values.idType === 'national_id' || values.idType === 'iqama';
  const typed = normalizeDigits(values.idNumber.trim());
  const liveIssue = liveIdNumberIssue(values);
  const showLive = Boolean(values.idType) && (idTouched || (isSaudiId && typed.length >= SAUDI_ID_LENGTH));
  const idError = errorOf('idNumber') ?? (showLive && liveIssue ? message(liveIssue) : undefined);
  const idValid = Boolean(values.idType) && typed.length > 0 && !liveIssue;

  const { language } = useLanguage();
  const occupations = useMemo(() => {
    const collator = new Intl.Collator(language);
    return OCCUPATIONS.map((known) => known[language]).sort(collator.compare);
  }, [language]);

  /**
   * A free-text field. The occupations offer the common ones in the UI language (a native
   * suggestion list: the field stays a plain text box); a known one is shown in the reader's
   * language once saved.
   */
  const text = (name: 'idIssueSource' | 'classification' | 'occupation' | 'occupationInIqama') => (
    <TextInput
      id={fieldId(name)}
      label={t(`fields.${name}`)}
      value={values[name]}
      onChange={(event) => setField(name, event.currentTarget.value)}
      error={errorOf(name)}
      maxLength={120}
      list={name === 'occupation' || name === 'occupationInIqama' ? OCCUPATION_LIST_ID : undefined}
    />
  );
  const latin = (name: 'passportNumber' | 'computerNumber') => (
    <TextInput
      id={fieldId(name)}
      label={t(`fields.${name}`)}
      value={values[name]}
      onChange={(event) => setField(name, normalizeDigits(event.currentTarget.value))}
      error={errorOf(name)}
      maxLength={20}
      dir="ltr"
      autoComplete="off"
    />
  );

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NativeSelect
          id={fieldId('idType')}
          label={t('fields.idType')}
          value={values.idType}
          onChange={(event) => {
            const idType = ID_TYPES.find((candidate) => candidate === event.currentTarget.value);
            setField('idType', idType ?? '');
          }}
          error={errorOf('idType')}
          data={[
            { value: '', label: t('choose') },
            ...ID_TYPES.map((idType) => ({ value: idType, label: t(`idTypes.${idType}`) })),
          ]}
          required
        />
        <TextInput
          id={fieldId('idNumber')}
          label={t('fields.idNumber')}
          description={
            idValid ? (
              <Text span size="xs" c="brand.9" role="status">
                <IconCircleCheck
                  size={14}
                  aria-hidden
                  style={{ verticalAlign: 'middle', marginInlineEnd: 4 }}
                />
                {t('fields.idNumberValid')}
              </Text>
            ) : (
              t('fields.idNumberHint')
            )
          }
          value={values.idNumber}
          onChange={(event) => setField('idNumber', normalizeDigits(event.currentTarget.value))}
          onBlur={() => setIdTouched(values.idNumber.trim().length > 0)}
          error={idError}
          inputMode={isSaudiId ? 'numeric' : 'text'}
          maxLength={20}
          dir="ltr"
          autoComplete="off"
          required
        />
      </SimpleGrid>
      <DatePartsField
        id={fieldId('idExpiry')}
        label={t('fields.idExpiry')}
        value={values.idExpiry}
        onChange={(value) => setField('idExpiry', value)}
        error={errorOf('idExpiry')}
        yearPlaceholder={{ gregorian: '2030', hijri: '1452' }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {text('idIssueSource')}
        {latin('passportNumber')}
        {latin('computerNumber')}
        {text('classification')}
        {text('occupation')}
        {text('occupationInIqama')}
      </SimpleGrid>
      <datalist id={OCCUPATION_LIST_ID}>
        {occupations.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </Stack>
  );
}
