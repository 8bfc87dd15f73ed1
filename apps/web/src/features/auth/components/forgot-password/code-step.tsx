import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { normalizeDigits } from '@tasreeh/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../../components/notify.ts';
import { OtpInput } from '../../../../components/otp-input.tsx';
import { formatNumber } from '../../../../i18n/format.ts';
import { useLanguage } from '../../../../i18n/use-language.ts';
import { useMessages } from '../../../../i18n/use-messages.ts';
import { useCountdown } from '../../../../lib/use-countdown.ts';
import { useCreateResetOtpMutation, useVerifyOtpMutation } from '../../password-api.ts';
import type { CodeSent } from './email-step.tsx';

export interface CodeVerified {
  userId: number | undefined;
  grant: string;
}

/** Step 2: the code sent to the phone (shown masked), with a resend after the wait. */
export function CodeStep({
  sent,
  onResent,
  onVerified,
}: {
  sent: CodeSent;
  onResent: (sent: CodeSent) => void;
  onVerified: (verified: CodeVerified) => void;
}) {
  const { t } = useTranslation('auth');
  const { message, errorMessage } = useMessages();
  const { language } = useLanguage();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const { secondsLeft, restart } = useCountdown(sent.resendAfterSeconds);
  const verify = useVerifyOtpMutation();
  const resend = useCreateResetOtpMutation();

  const submitCode = (value: string) => {
    if (value.length < sent.digits) {
      setInvalid(true);
      notifyError(message('OTP_INVALID'));
      return;
    }
    verify.mutate(
      { id: sent.otpId, otp: value },
      {
        onSuccess: (result) => {
          notifySuccess(message('OTP_VERIFIED'));
          onVerified({ userId: result.data.userId ?? sent.userId, grant: result.data.grant });
        },
        onError: (error) => {
          setInvalid(true);
          notifyError(errorMessage(error, 'OTP_INVALID'));
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitCode(code);
  };

  const resendCode = () => {
    resend.mutate(
      { email: sent.email, phone: sent.phone },
      {
        onSuccess: (created) => {
          setCode('');
          setInvalid(false);
          restart(created.data.resendAfterSeconds);
          notifySuccess(message('OTP_SENT'));
          onResent({
            ...sent,
            otpId: created.data.id,
            phone: created.data.phone,
            digits: created.data.digits,
          });
        },
        onError: (error) => notifyError(errorMessage(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {t('forgot.codeIntro', { digits: formatNumber(sent.digits, language) })}{' '}
          <Text span fw={700} dir="ltr" data-testid="masked-phone">
            {sent.phone}
          </Text>
        </Text>
        <OtpInput
          value={code}
          onChange={(value) => {
            setCode(normalizeDigits(value));
            setInvalid(false);
          }}
          length={sent.digits}
          label={t('forgot.codeLabel')}
          error={invalid}
          autoFocus
        />
        <Button type="submit" fullWidth loading={verify.isPending}>
          {t('forgot.verify')}
        </Button>
        <Group justify="center" gap={4}>
          {secondsLeft > 0 ? (
            <Text size="sm" c="gray.7">
              {t('forgot.resendIn', { seconds: formatNumber(secondsLeft, language) })}
            </Text>
          ) : (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={resendCode}
              disabled={resend.isPending}
            >
              {t('forgot.resend')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </form>
  );
}
