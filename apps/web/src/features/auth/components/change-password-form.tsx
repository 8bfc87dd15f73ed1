import { Button, Stack, Text } from '@mantine/core';
import { firstChangePasswordIssue, type MessageCode, MIN_PASSWORD_LENGTH } from '@tasreeh/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { landingPathOf, returnPathIn } from '../../../app/guards/return-path.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { PasswordField } from '../../../components/password-field.tsx';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { markPasswordChanged } from '../current-user.ts';
import { useChangePasswordMutation } from '../password-api.ts';
import { readStoredType } from '../session.ts';

/** The API's refusal of the new password itself (a common password…), shown inline like the form's own checks. */
function newPasswordIssueOf(error: unknown): MessageCode | undefined {
  return error instanceof ApiError && error.status === 400 ? error.fields?.newPassword : undefined;
}

/** Spec §4: 401 means a wrong old password; another failed status, "Please try again"; no answer at all, the error toast. */
function failureOf(error: unknown): MessageCode {
  if (!(error instanceof ApiError) || error.status === 0) return 'ERROR_CHANGING_PASSWORD';
  if (error.status === 401) return 'PASSWORD_INCORRECT';
  return 'PLEASE_TRY_AGAIN';
}

/** Old, new and confirmed password under the change-flow rules of spec §5, first failure inline in red. */
export function ChangePasswordForm() {
  const { t } = useTranslation('auth');
  const { message } = useMessages();
  const { language } = useLanguage();
  const navigate = useNavigate();
  // The first-login change carries the page asked for before login (login form) on to it.
  const requested = returnPathIn(useLocation().search);
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [issue, setIssue] = useState<MessageCode | undefined>();
  const change = useChangePasswordMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = firstChangePasswordIssue({ oldPassword, newPassword, confirmPassword });
    setIssue(found);
    if (found) return;
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: (result) => {
          if (result.data.statusCode === 401) {
            notifyError(message('PASSWORD_INCORRECT'));
            return;
          }
          if (result.data.statusCode !== 200) {
            notifyError(message('PLEASE_TRY_AGAIN'));
            return;
          }
          notifySuccess(message('PASSWORD_CHANGED'));
          markPasswordChanged();
          const type = readStoredType();
          navigate(type ? landingPathOf(type, requested) : '/', { replace: true });
        },
        onError: (error) => {
          const refused = newPasswordIssueOf(error);
          if (refused) setIssue(refused);
          else notifyError(message(failureOf(error)));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordField
          label={t('change.oldPassword')}
          value={oldPassword}
          onChange={(event) => setOldPassword(event.currentTarget.value)}
          autoComplete="current-password"
          required
          data-autofocus
        />
        <PasswordField
          label={t('change.newPassword')}
          value={newPassword}
          onChange={(event) => setNewPassword(event.currentTarget.value)}
          autoComplete="new-password"
          description={t('change.rulesHint', { min: formatNumber(MIN_PASSWORD_LENGTH, language) })}
          required
        />
        <PasswordField
          label={t('change.confirmPassword')}
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.currentTarget.value)}
          autoComplete="new-password"
          required
        />
        {issue && (
          <Text c="red.8" size="sm" role="alert" data-testid="form-error">
            {message(issue)}
          </Text>
        )}
        <Button type="submit" loading={change.isPending}>
          {t('change.submit')}
        </Button>
      </Stack>
    </form>
  );
}
