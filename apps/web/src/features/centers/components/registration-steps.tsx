import { SimpleGrid, Stack } from '@mantine/core';
import type { CenterKind } from '@tasreeh/shared';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../components/form/form-section.tsx';
import { PasswordChecklist } from '../../../components/password-checklist.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import type { RegistrationField, RegistrationStep, RegistrationValues } from '../form-model.ts';
import { CenterContactFields, CenterDetailsFields, centerFieldId } from './center-fields.tsx';
import { CopyField } from './copy-field.tsx';
import { RegistrationReview } from './registration-review.tsx';

export interface RegistrationStepProps {
  step: RegistrationStep;
  kind: CenterKind;
  idPrefix: string;
  values: RegistrationValues;
  setField: <K extends RegistrationField>(name: K, value: RegistrationValues[K]) => void;
  errorOf: (name: RegistrationField) => string | undefined;
  onEdit: (step: number) => void;
  alert?: string;
}

/** The account password with its live checklist (the reset-flow rules of spec §5). */
function AccountFields({ idPrefix, values, setField, errorOf }: RegistrationStepProps) {
  const { t } = useTranslation('centers');
  const passwordId = centerFieldId(idPrefix, 'password');
  const rulesId = `${idPrefix}-password-rules`;
  const passwordError = errorOf('password');

  // Mantine's PasswordInput points aria-describedby at its own error only; the live rules are added here.
  useLayoutEffect(() => {
    const ids = [rulesId, passwordError ? `${passwordId}-error` : undefined].filter(Boolean);
    document.getElementById(passwordId)?.setAttribute('aria-describedby', ids.join(' '));
  });

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PasswordField
          id={passwordId}
          label={t('fields.password')}
          value={values.password}
          onChange={(event) => setField('password', event.currentTarget.value)}
          error={passwordError}
          autoComplete="new-password"
          required
        />
        <PasswordField
          id={centerFieldId(idPrefix, 'rePassword')}
          label={t('fields.rePassword')}
          value={values.rePassword}
          onChange={(event) => setField('rePassword', event.currentTarget.value)}
          error={errorOf('rePassword')}
          autoComplete="new-password"
          required
        />
      </SimpleGrid>
      <PasswordChecklist id={rulesId} password={values.password} rePassword={values.rePassword} />
    </Stack>
  );
}

/** The fields of one step of the centre registration. */
export function RegistrationStepFields(props: RegistrationStepProps) {
  const { t } = useTranslation('centers');
  const { step, kind, idPrefix, values, setField, errorOf } = props;
  const fieldProps = { kind, idPrefix, values, setField, errorOf };
  if (step === 'details') {
    return (
      <Stack gap="lg">
        <CenterDetailsFields {...fieldProps} />
        <FormSection legend={t('sections.copies')}>
          {(['crCopy', 'licenceCopy'] as const).map((copy) => (
            <CopyField
              key={copy}
              id={centerFieldId(idPrefix, copy)}
              kind={copy}
              file={values[copy]}
              onChange={(file) => setField(copy, file)}
              error={errorOf(copy)}
            />
          ))}
        </FormSection>
      </Stack>
    );
  }
  if (step === 'contact') return <CenterContactFields {...fieldProps} mobileHint />;
  if (step === 'account') return <AccountFields {...props} />;
  return <RegistrationReview kind={kind} values={values} onEdit={props.onEdit} alert={props.alert} />;
}
