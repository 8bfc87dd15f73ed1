import { Button, Group, Input, Loader, Modal, Stack, Text } from '@mantine/core';
import { normalizeDigits } from '@tasreeh/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { OtpInput } from '../../../components/otp-input.tsx';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { useChallengeRetry } from '../../auth/challenge/use-challenge-retry.tsx';
import { useCreatePhoneOtpMutation, useVerifyPhoneOtpMutation } from '../api.ts';

/** A code sent to a mobile: kept by the page so that reopening the modal does not ask for another too soon. */
export interface OtpSession {
  mobile: string;
  id: string;
  /** The number as the API shows it: all but the last 2 digits masked (spec §7). */
  phone: string;
  digits: number;
  sentAt: number;
  resendAfterSeconds: number;
}

/** A sent code is good for 5 minutes; after that a reopened modal asks for a new one. */
const CODE_LIFETIME_MS = 5 * 60_000;

function secondsUntilResend(session: OtpSession | null): number {
  if (!session) return 0;
  return Math.max(0, Math.ceil((session.sentAt + session.resendAfterSeconds * 1000 - Date.now()) / 1000));
}

export interface OtpModalProps {
  mobile: string;
  session: OtpSession | null;
  onSession: (session: OtpSession) => void;
  onClose: () => void;
  /** Runs the caller's submit with the proof of the verified phone (spec §4); the modal closes first. */
  onVerified: (grant: string) => void;
}

/**
 * The OTP verification modal of spec §4: a 4-box code sent to the mobile, a 120-second
 * countdown with "Resend" disabled until it ends, a resend that restarts it and asks for a
 * new code, and on success the caller's submit.
 */
export function OtpModal({ mobile, session, onSession, onClose, onVerified }: OtpModalProps) {
  const { t } = useTranslation('registration');
  const { message, errorMessage } = useMessages();
  const { language } = useLanguage();
  const usable =
    session?.mobile === mobile && Date.now() - session.sentAt < CODE_LIFETIME_MS ? session : null;
  const [current, setCurrent] = useState<OtpSession | null>(usable);
  const [code, setCode] = useState('');
  const [issue, setIssue] = useState<string | undefined>();
  const { secondsLeft, restart } = useCountdown(secondsUntilResend(usable));
  const create = useCreatePhoneOtpMutation();
  const verify = useVerifyPhoneOtpMutation();
  const verifying = useRef(false);
  const asked = useRef(false);
  // A code to a phone is sent only after a solved proof-of-work: the widget shows when the API asks.
  const { askIfRequired, clearChallenge, challenge } = useChallengeRetry(
    (isResend: boolean, altcha: string) => sendCode(isResend, altcha),
  );

  const sendCode = (isResend: boolean, altcha?: string) => {
    setIssue(undefined);
    create.mutate(altcha ? { phone: mobile, altcha } : { phone: mobile }, {
      onSuccess: (created) => {
        clearChallenge();
        const next: OtpSession = {
          mobile,
          id: created.data.id,
          phone: created.data.phone,
          digits: created.data.digits,
          sentAt: Date.now(),
          resendAfterSeconds: created.data.resendAfterSeconds,
        };
        setCurrent(next);
        onSession(next);
        setCode('');
        restart(created.data.resendAfterSeconds);
        if (isResend) notifySuccess(message('OTP_SENT'));
      },
      onError: (error) => {
        if (askIfRequired(error, isResend)) return;
        const text = errorMessage(error);
        setIssue(text);
        notifyError(text);
        const wait = error instanceof ApiError ? Number(error.params?.seconds) : Number.NaN;
        if (error instanceof ApiError && error.code === 'OTP_RESEND_WAIT' && wait > 0) restart(wait);
      },
    });
  };

  // Opening the modal sends a code, unless one sent to this mobile is still good.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the modal opens
  useEffect(() => {
    if (asked.current || usable) return;
    asked.current = true;
    sendCode(false);
  }, []);

  // Once a code is on its way, the first box takes the focus.
  useEffect(() => {
    if (!current) return;
    document.querySelector<HTMLInputElement>('[data-testid="otp-modal"] input')?.focus();
  }, [current]);

  const submitCode = (value: string) => {
    if (!current || verifying.current) return;
    if (value.length < current.digits) {
      setIssue(message('OTP_INVALID'));
      return;
    }
    verifying.current = true;
    verify.mutate(
      { id: current.id, otp: value },
      {
        onSuccess: (result) => {
          notifySuccess(message('VERIFICATION_SUCCESSFUL'));
          onClose();
          onVerified(result.data.grant);
        },
        onError: (error) => {
          verifying.current = false;
          const text = errorMessage(error, 'OTP_INVALID');
          setIssue(text);
          notifyError(text);
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitCode(code);
  };

  const digits = current?.digits ?? 4;
  return (
    <Modal
      closeOnClickOutside={false}
      opened
      onClose={onClose}
      title={t('otp.title')}
      centered
      closeButtonProps={{ 'aria-label': t('otp.close') }}
    >
      <form onSubmit={submit} noValidate data-testid="otp-modal">
        <Stack gap="md">
          {current ? (
            <Text size="sm">
              {t('otp.intro', { digits: formatNumber(digits, language) })}{' '}
              <Text span fw={700} dir="ltr" data-testid="otp-phone">
                {current.phone}
              </Text>
            </Text>
          ) : (
            <Group gap="xs" role="status">
              {create.isPending && <Loader size="xs" aria-hidden />}
              <Text size="sm">{create.isPending ? t('otp.sending') : ''}</Text>
            </Group>
          )}
          {challenge}
          <Input.Wrapper error={issue} errorProps={{ role: 'alert', id: 'reg-otp-error' }}>
            <OtpInput
              value={code}
              onChange={(value) => {
                setCode(normalizeDigits(value));
                setIssue(undefined);
              }}
              onComplete={submitCode}
              length={digits}
              label={t('otp.label')}
              error={Boolean(issue)}
              disabled={!current}
              autoFocus
            />
          </Input.Wrapper>
          <Button type="submit" fullWidth loading={verify.isPending} disabled={!current}>
            {t('otp.verify')}
          </Button>
          <Stack gap={4} align="center">
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => sendCode(true)}
              disabled={secondsLeft > 0 || create.isPending}
              data-testid="otp-resend"
            >
              {t('otp.resend')}
            </Button>
            {secondsLeft > 0 && (
              <Text size="sm" c="gray.7" data-testid="otp-countdown">
                {t('otp.resendIn', { seconds: formatNumber(secondsLeft, language) })}
              </Text>
            )}
          </Stack>
        </Stack>
      </form>
    </Modal>
  );
}
