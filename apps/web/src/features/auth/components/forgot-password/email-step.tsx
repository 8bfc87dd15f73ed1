import { Button, Stack, Text, TextInput } from '@mantine/core';
import type { MessageCode } from '@tasreeh/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../../components/notify.ts';
import { useMessages } from '../../../../i18n/use-messages.ts';
import { useCheckUserExistsMutation, useCreateResetOtpMutation } from '../../password-api.ts';

export interface CodeSent {
  email: string;
  userId: number | undefined;
  otpId: string;
  phone: string;
  digits: number;
  resendAfterSeconds: number;
}

/** Step 1: the account's e-mail; when it exists, a code goes to its phone. */
export function EmailStep({ onSent }: { onSent: (sent: CodeSent) => void }) {
  const { t } = useTranslation('auth');
  const { message, errorMessage } = useMessages();
  const [email, setEmail] = useState('');
  const [issue, setIssue] = useState<MessageCode | undefined>();
  const checkUser = useCheckUserExistsMutation();
  const createOtp = useCreateResetOtpMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) {
      setIssue('ENTER_EMAIL');
      return;
    }
    setIssue(undefined);
    try {
      const found = await checkUser.mutateAsync(trimmed);
      if (!found.exists) {
        setIssue('EMAIL_NOT_FOUND');
        return;
      }
      // Spec §7: the e-mail with the phone as it was shown (masked); the code goes to the stored one.
      const created = await createOtp.mutateAsync({ email: trimmed, phone: found.phone ?? '' });
      notifySuccess(message('OTP_SENT'));
      onSent({
        email: trimmed,
        userId: found.userId ?? found.id,
        otpId: created.data.id,
        phone: created.data.phone,
        digits: created.data.digits,
        resendAfterSeconds: created.data.resendAfterSeconds,
      });
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('forgot.emailIntro')}</Text>
        <TextInput
          label={t('forgot.email')}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          autoComplete="email"
          error={issue ? message(issue) : undefined}
          required
          data-autofocus
        />
        <Button type="submit" fullWidth loading={checkUser.isPending || createOtp.isPending}>
          {t('forgot.sendCode')}
        </Button>
      </Stack>
    </form>
  );
}
