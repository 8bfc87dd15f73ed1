import { Button, Stack, Text } from '@mantine/core';
import { firstResetPasswordIssue, type MessageCode } from '@tasreeh/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/api-error.ts';
import { notifyError, notifySuccess } from '../../../../components/notify.ts';
import { PasswordChecklist } from '../../../../components/password-checklist.tsx';
import { PasswordField } from '../../../../components/password-field.tsx';
import { useMessages } from '../../../../i18n/use-messages.ts';
import { useUpdatePasswordMutation } from '../../password-api.ts';
import type { CodeVerified } from './code-step.tsx';

/** Step 3: the new password under the reset-flow rules (spec §5), checked live as it is typed. */
export function NewPasswordStep({ verified, onDone }: { verified: CodeVerified; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const { message, errorMessage } = useMessages();
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const [issue, setIssue] = useState<MessageCode | undefined>();
  const update = useUpdatePasswordMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = firstResetPasswordIssue(password, rePassword);
    if (found) {
      setIssue(found);
      return;
    }
    if (verified.userId === undefined) {
      setIssue('USER_INFO_MISSING');
      return;
    }
    setIssue(undefined);
    update.mutate(
      { userId: verified.userId, password, rePassword, resetToken: verified.grant },
      {
        onSuccess: () => {
          notifySuccess(message('PASSWORD_UPDATED'));
          onDone();
        },
        onError: (error) => {
          // The API's refusal of the password itself (a common one…) shows inline, like the rules.
          const refused =
            error instanceof ApiError && error.status === 400 ? error.fields?.password : undefined;
          if (refused) setIssue(refused);
          else notifyError(errorMessage(error, 'ERROR_UPDATING_PASSWORD'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordField
          label={t('forgot.newPassword')}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          autoComplete="new-password"
          aria-describedby="reset-password-rules"
          required
          data-autofocus
        />
        <PasswordField
          label={t('forgot.confirmPassword')}
          value={rePassword}
          onChange={(event) => setRePassword(event.currentTarget.value)}
          autoComplete="new-password"
          required
        />
        <PasswordChecklist id="reset-password-rules" password={password} rePassword={rePassword} />
        {issue && (
          <Text c="red.8" size="sm" role="alert" data-testid="form-error">
            {message(issue)}
          </Text>
        )}
        <Button type="submit" fullWidth loading={update.isPending}>
          {t('forgot.save')}
        </Button>
      </Stack>
    </form>
  );
}
