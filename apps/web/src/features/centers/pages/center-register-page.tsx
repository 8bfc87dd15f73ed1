import { Button, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import type { CenterKind } from '@tasreeh/shared';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { OtpModal } from '../../registration/components/otp-modal.tsx';
import { useStoredOtpSession } from '../../registration/components/otp-session-store.ts';
import { RegistrationFrame } from '../../registration/components/registration-frame.tsx';
import { useRegisterCenterMutation } from '../api.ts';
import { centerFieldId } from '../components/center-fields.tsx';
import { RegistrationDone } from '../components/registration-done.tsx';
import { RegistrationStepFields } from '../components/registration-steps.tsx';
import {
  EMPTY_REGISTRATION,
  type FieldIssues,
  firstStepWith,
  isRegistrationField,
  issuesOfStep,
  REGISTRATION_STEPS,
  type RegistrationField,
  type RegistrationValues,
  registrationFields,
  STEP_FIELDS,
  validateRegistration,
} from '../form-model.ts';

const ID_PREFIX = 'center-reg';
const CONTACT = 1;
const REVIEW = REGISTRATION_STEPS.length - 1;
/** A verified mobile's grant is good for 10 minutes on the server; reuse it a little less long. */
const GRANT_REUSE_MS = 9 * 60_000;

/**
 * Spec §2 /training-register and /medical-register: a centre's details, its contact with the
 * mobile checked by the OTP modal (§4), its account password, then a review and the request.
 */
export function CenterRegisterPage({ kind }: { kind: CenterKind }) {
  const { t } = useTranslation('centers');
  const { message, errorMessage } = useMessages();
  const { language } = useLanguage();
  const isPhone = useMediaQuery('(max-width: 40em)');
  const [values, setValues] = useState<RegistrationValues>(EMPTY_REGISTRATION);
  const [issues, setIssues] = useState<FieldIssues>({});
  const [step, setStep] = useState(0);
  const [otpOpen, setOtpOpen] = useState(false);
  const [otpSession, setOtpSession] = useStoredOtpSession();
  const [alert, setAlert] = useState<string | undefined>();
  const [submitted, setSubmitted] = useState(false);
  const grant = useRef<{ mobile: string; grant: string; at: number } | null>(null);
  const afterVerify = useRef<'continue' | 'submit'>('continue');
  /** Set from the first click until the answer: a double click sends one request. */
  const sending = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const pendingFocus = useRef<RegistrationField | 'heading' | null>(null);
  const register = useRegisterCenterMutation();

  // After a step change the focus goes to the step's heading, or to the first field with a problem.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step or the problems change
  useEffect(() => {
    const target = pendingFocus.current;
    pendingFocus.current = null;
    if (target === 'heading') heading.current?.focus();
    else if (target) document.getElementById(centerFieldId(ID_PREFIX, target))?.focus();
  }, [step, issues, alert]);

  const setField = useCallback(<K extends RegistrationField>(name: K, value: RegistrationValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setIssues((current) => {
      if (!current[name]) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
    setAlert(undefined);
  }, []);

  const errorOf = (name: RegistrationField) => {
    const issue = issues[name];
    return issue ? message(issue.code, issue.params) : undefined;
  };

  const goTo = (next: number) => {
    pendingFocus.current = 'heading';
    setStep(next);
  };

  const showIssues = (found: FieldIssues, atStep: number) => {
    const key = REGISTRATION_STEPS[atStep] ?? 'details';
    pendingFocus.current = STEP_FIELDS[key].find((field) => found[field]) ?? 'heading';
    setIssues(found);
    setStep(atStep);
  };

  const freshGrant = () => {
    const held = grant.current;
    return held && held.mobile === values.mobile.trim() && Date.now() - held.at < GRANT_REUSE_MS
      ? held
      : null;
  };

  const send = (phoneToken: string) => {
    if (sending.current) return;
    sending.current = true;
    const { crCopy, licenceCopy } = values;
    register.mutate(
      {
        fields: registrationFields(values, kind, phoneToken),
        files: { crCopy: crCopy ?? undefined, licenceCopy: licenceCopy ?? undefined },
      },
      {
        onSuccess: (result) => {
          sending.current = false;
          notifySuccess(result.message);
          setSubmitted(true);
        },
        onError: (error) => {
          sending.current = false;
          notifyError(errorMessage(error));
          if (!(error instanceof ApiError)) return;
          if (error.code === 'PHONE_NOT_VERIFIED') grant.current = null;
          const found: FieldIssues = {};
          for (const [field, code] of Object.entries(error.fields ?? {})) {
            if (isRegistrationField(field)) found[field] = { code, params: error.params };
          }
          const atStep = firstStepWith(found);
          if (atStep !== undefined) showIssues(found, atStep);
          else {
            pendingFocus.current = 'heading';
            setAlert(errorMessage(error));
          }
        },
      },
    );
  };

  const next = () => {
    const key = REGISTRATION_STEPS[step];
    if (!key) return;
    const found = issuesOfStep(key, validateRegistration(values, kind));
    if (Object.keys(found).length > 0) {
      showIssues({ ...issues, ...found }, step);
      return;
    }
    if (step === CONTACT && !freshGrant()) {
      afterVerify.current = 'continue';
      setOtpOpen(true);
      return;
    }
    goTo(step + 1);
  };

  const submit = () => {
    if (sending.current || otpOpen) return;
    const found = validateRegistration(values, kind);
    const atStep = firstStepWith(found);
    if (atStep !== undefined) {
      showIssues(found, atStep);
      return;
    }
    const held = freshGrant();
    if (held) {
      send(held.grant);
      return;
    }
    afterVerify.current = 'submit';
    setOtpOpen(true);
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step === REVIEW) submit();
    else next();
  };

  if (submitted) {
    return (
      <RegistrationFrame>
        <RegistrationDone
          name={language === 'ar' ? values.nameAr : values.nameEn}
          email={values.email.trim()}
        />
      </RegistrationFrame>
    );
  }

  const stepKey = REGISTRATION_STEPS[step] ?? 'details';
  const BackIcon = language === 'ar' ? IconArrowRight : IconArrowLeft;
  const NextIcon = language === 'ar' ? IconArrowLeft : IconArrowRight;
  const nextLabel = step === CONTACT && !freshGrant() ? t('register.verifyAndNext') : t('register.next');

  return (
    <RegistrationFrame>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h3">
            {t(`register.title.${kind}`)}
          </Title>
          <Text size="sm" c="gray.7" mt={4}>
            {t('register.intro')}
          </Text>
        </div>
        <Stepper
          active={step}
          onStepClick={(index) => index < step && goTo(index)}
          allowNextStepsSelect={false}
          size="sm"
          iconSize={isPhone ? 28 : 32}
        >
          {REGISTRATION_STEPS.map((key) => (
            <Stepper.Step
              key={key}
              label={isPhone ? undefined : t(`register.steps.${key}`)}
              aria-label={t(`register.steps.${key}`)}
            />
          ))}
        </Stepper>
        <form onSubmit={onFormSubmit} noValidate aria-labelledby="center-reg-step-title">
          <Stack gap="lg">
            <div>
              <Title
                order={2}
                size="h4"
                id="center-reg-step-title"
                ref={heading}
                tabIndex={-1}
                style={{ outline: 'none' }}
              >
                {t('register.stepOf', {
                  current: step + 1,
                  total: REGISTRATION_STEPS.length,
                  name: t(`register.steps.${stepKey}`),
                })}
              </Title>
              {step < REVIEW && (
                <Text size="xs" c="gray.7" mt={2}>
                  {t('register.required')}
                </Text>
              )}
            </div>
            <RegistrationStepFields
              step={stepKey}
              kind={kind}
              idPrefix={ID_PREFIX}
              values={values}
              setField={setField}
              errorOf={errorOf}
              onEdit={goTo}
              alert={alert}
            />
            <Group justify="space-between" wrap="nowrap" gap="sm">
              {step > 0 ? (
                <Button
                  variant="default"
                  onClick={() => goTo(step - 1)}
                  leftSection={<BackIcon size={18} aria-hidden />}
                  disabled={register.isPending}
                >
                  {t('register.back')}
                </Button>
              ) : (
                <span />
              )}
              <Button
                type="submit"
                rightSection={step < REVIEW ? <NextIcon size={18} aria-hidden /> : undefined}
                loading={register.isPending || otpOpen}
              >
                {step < REVIEW ? nextLabel : t('register.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
      {otpOpen && (
        <OtpModal
          mobile={values.mobile.trim()}
          session={otpSession}
          onSession={setOtpSession}
          onClose={() => setOtpOpen(false)}
          onVerified={(verified) => {
            grant.current = { mobile: values.mobile.trim(), grant: verified, at: Date.now() };
            if (afterVerify.current === 'submit') send(verified);
            else goTo(CONTACT + 1);
          }}
        />
      )}
    </RegistrationFrame>
  );
}
