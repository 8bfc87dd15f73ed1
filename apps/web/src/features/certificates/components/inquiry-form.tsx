import { Button, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language.ts';
import type { InquiryKey } from '../api.ts';

/** A certificate number or an ID number, as both inquiries ask for it; `extra` sits above the button. */
export function InquiryForm({
  onSubmit,
  busy,
  ready = true,
  error,
  extra,
}: {
  onSubmit: (key: InquiryKey) => void;
  busy: boolean;
  ready?: boolean;
  error?: string | undefined;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('certificates');
  const { language } = useLanguage();
  const [by, setBy] = useState<'number' | 'idNumber'>('number');
  const [value, setValue] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    if (!text) return;
    onSubmit(by === 'number' ? { number: text } : { idNumber: text });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SegmentedControl
          key={language}
          fullWidth
          aria-label={t('inquiry.by')}
          value={by}
          onChange={(next) => setBy(next === 'idNumber' ? 'idNumber' : 'number')}
          data={[
            { value: 'number', label: t('inquiry.byNumber') },
            { value: 'idNumber', label: t('inquiry.byIdNumber') },
          ]}
        />
        <TextInput
          label={by === 'number' ? t('inquiry.numberLabel') : t('inquiry.idNumberLabel')}
          description={by === 'number' ? t('inquiry.numberHint') : undefined}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          required
          dir="ltr"
          inputMode={by === 'idNumber' ? 'numeric' : 'text'}
          autoComplete="off"
          error={error}
          maxLength={40}
        />
        {extra}
        <Button type="submit" loading={busy} disabled={!ready || !value.trim()}>
          {t('inquiry.submit')}
        </Button>
      </Stack>
    </form>
  );
}
