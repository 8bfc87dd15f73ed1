import { Button, Group, Input, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { normalizeDigits, normalizePhone } from '@tasreeh/shared';
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
import { verifyOtp } from '../../auth/password-api.ts';
import { createPhoneOtp } from '../api.ts';
import { CODE_LIFETIME_MS, type OtpSession } from './otp-session-store.ts';

/** Where a code went, as the API tells: its id, the destination as shown, its length and the resend wait. */
export interface SentCode {
  id: string;
  /** The destination as the API shows it (a mobile: all but the last 2 digits masked, spec §7). */
  shownAs: string;
  digits: number;
  resendAfterSeconds: number;
}

/** The same destination however it was written (`0551234567` and `+966551234567` are one mobile). */
function sameTarget(a: string, b: string): boolean {
  const canonical = (value: string) => normalizePhone(value) ?? value.trim().toLowerCase();
  return canonical(a) === canonical(b);
}

function secondsUntilResend(session: OtpSession | null): number {
  if (!session) return 0;
  return Math.max(0, Math.ceil((session.sentAt + session.resendAfterSeconds * 1000 - Date.now()) / 1000));
}

export interface CodeModalProps<Verified> {
  /** What the code goes to (a mobile, an e-mail). */
  target: string;
  session: OtpSession | null;
  /** A new code was sent (kept to come back to), or `null`: the code was used. */
  onSession: (session: OtpSession | null) => void;
  onClose: () => void;
  /**
   * Asks the API for a code (again, on "Resend"); `altcha`, a solved proof-of-work, once the API
   * has asked for one (400 CHALLENGE_REQUIRED: the modal then shows the widget and sends again).
   */
  send: (altcha?: string) => Promise<SentCode>;
  /** Hands the entered code to the API; what it answers goes to `onVerified`. */
  verify: (id: string, code: string) => Promise<Verified>;
  /** Runs the caller's next step with the API's answer (and closes the modal: `onClose` is for a dismissal). */
  onVerified: (verified: Verified) => void;
  /** The notice once the code is accepted. */
  verifiedMessage: (verified: Verified) => string;
  /** The modal's title and its button; registration's words unless given. */
  title?: string;
  verifyLabel?: string;
}

/**
 * The OTP verification modal of spec §4, for any code: a code of N boxes sent to a target, a
 * 120-second countdown with "Resend" disabled until it ends, a resend that restarts it and asks
 * for a new code, and on success the caller's next step.
 */
export function CodeModal<Verified>({
  target,
  session,
  onSession,
  onClose,
  send,
  verify: verifyCode,
  onVerified,
  verifiedMessage,
  title,
  verifyLabel,
}: CodeModalProps<Verified>) {
  const { t } = useTranslation('registration');
  const { message, errorMessage } = useMessages();
  const { language } = useLanguage();
  const usable =
    session && sameTarget(session.target, target) && Date.now() - session.sentAt < CODE_LIFETIME_MS
      ? session
      : null;
  const [current, setCurrent] = useState<OtpSession | null>(usable);
  const [code, setCode] = useState('');
  const [issue, setIssue] = useState<string | undefined>();
  const { secondsLeft, restart } = useCountdown(secondsUntilResend(usable));
  const create = useMutation({ mutationFn: (altcha: string | undefined) => send(altcha) });
  const verify = useMutation({
    mutationFn: (entered: { id: string; code: string }) => verifyCode(entered.id, entered.code),
  });
  const verifying = useRef(false);
  const asked = useRef(false);
  const { askIfRequired, clearChallenge, challenge } = useChallengeRetry(
    (isResend: boolean, altcha: string) => sendCode(isResend, altcha),
  );

  const sendCode = (isResend: boolean, altcha?: string) => {
    setIssue(undefined);
    create.mutate(altcha, {
      onSuccess: (sent) => {
        clearChallenge();
        const next: OtpSession = { ...sent, target, sentAt: Date.now() };
        setCurrent(next);
        onSession(next);
        setCode('');
        restart(sent.resendAfterSeconds);
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

  // Opening the modal sends a code, unless one sent to this target is still good.
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
      { id: current.id, code: value },
      {
        onSuccess: (result) => {
          notifySuccess(verifiedMessage(result));
          onSession(null);
          onVerified(result);
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
      title={title ?? t('otp.title')}
      centered
      closeButtonProps={{ 'aria-label': t('otp.close') }}
    >
      <form onSubmit={submit} noValidate data-testid="otp-modal">
        <Stack gap="md">
          {current ? (
            <Text size="sm">
              {t('otp.intro', { digits: formatNumber(digits, language) })}{' '}
              <Text span fw={700} dir="ltr" data-testid="otp-phone">
                {current.shownAs}
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
            {verifyLabel ?? t('otp.verify')}
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

export interface OtpModalProps {
  mobile: string;
  session: OtpSession | null;
  /** A new code was sent (kept to come back to), or `null`: the code was used. */
  onSession: (session: OtpSession | null) => void;
  onClose: () => void;
  /** Runs the caller's submit with the proof of the verified phone (spec §4); the modal closes first. */
  onVerified: (grant: string) => void;
}

/** The registration's modal: a 4-digit code texted to the mobile being registered proves it. */
export function OtpModal({ mobile, session, onSession, onClose, onVerified }: OtpModalProps) {
  const { message } = useMessages();
  return (
    <CodeModal<string>
      target={mobile}
      session={session}
      onSession={onSession}
      onClose={onClose}
      onVerified={(grant) => {
        onClose();
        onVerified(grant);
      }}
      send={async (altcha) => {
        // A code to a phone alone goes only after a solved proof-of-work (the modal asks for it).
        const { data } = await createPhoneOtp(altcha ? { phone: mobile, altcha } : { phone: mobile });
        return {
          id: data.id,
          shownAs: data.phone,
          digits: data.digits,
          resendAfterSeconds: data.resendAfterSeconds,
        };
      }}
      verify={async (id, otp) => (await verifyOtp({ id, otp })).data.grant}
      verifiedMessage={() => message('VERIFICATION_SUCCESSFUL')}
    />
  );
}
