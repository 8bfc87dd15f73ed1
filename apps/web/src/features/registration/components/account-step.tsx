import { SimpleGrid, Stack } from '@mantine/core';
import { STUDENT_ATTACHMENTS } from '@tasreeh/shared';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordChecklist } from '../../../components/password-checklist.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { AttachmentField } from './attachment-field.tsx';
import { fieldId, type StepProps } from './step-props.ts';

const RULES_ID = 'reg-password-rules';

/** Step 4: the personal photo (with a preview), the optional ID copy, and the password with its live checklist. */
export function AccountStep({ values, setField, errorOf }: StepProps) {
  const { t } = useTranslation('registration');
  const passwordError = errorOf('password');

  // Mantine's PasswordInput points aria-describedby at its own error only; the live rules are added here.
  useLayoutEffect(() => {
    const input = document.getElementById(fieldId('password'));
    const ids = [RULES_ID, passwordError ? `${fieldId('password')}-error` : undefined].filter(Boolean);
    input?.setAttribute('aria-describedby', ids.join(' '));
  });

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <AttachmentField
          id={fieldId('photo')}
          kind="photo"
          label={t('fields.photo')}
          hint={t('fields.photoHint', { max: STUDENT_ATTACHMENTS.photo.maxMegabytes })}
          file={values.photo}
          onChange={(file) => setField('photo', file)}
          error={errorOf('photo')}
          preview
          previewAlt={t('fields.photoPreview')}
        />
        <AttachmentField
          id={fieldId('idCopy')}
          kind="idCopy"
          label={t('fields.idCopy')}
          hint={t('fields.idCopyHint', { max: STUDENT_ATTACHMENTS.idCopy.maxMegabytes })}
          file={values.idCopy}
          onChange={(file) => setField('idCopy', file)}
          error={errorOf('idCopy')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PasswordField
          id={fieldId('password')}
          label={t('fields.password')}
          value={values.password}
          onChange={(event) => setField('password', event.currentTarget.value)}
          error={errorOf('password')}
          autoComplete="new-password"
          required
        />
        <PasswordField
          id={fieldId('rePassword')}
          label={t('fields.rePassword')}
          value={values.rePassword}
          onChange={(event) => setField('rePassword', event.currentTarget.value)}
          error={errorOf('rePassword')}
          autoComplete="new-password"
          required
        />
      </SimpleGrid>
      <PasswordChecklist id={RULES_ID} password={values.password} rePassword={values.rePassword} />
    </Stack>
  );
}
