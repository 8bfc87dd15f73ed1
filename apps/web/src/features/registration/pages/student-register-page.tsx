import { Button, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import type { MessageCode } from '@tasreeh/shared';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useRegisterStudentMutation } from '../api.ts';
import { AccountStep } from '../components/account-step.tsx';
import { ContactStep } from '../components/contact-step.tsx';
import { IdentityStep } from '../components/identity-step.tsx';
import { OtpModal } from '../components/otp-modal.tsx';
import { useStoredOtpSession } from '../components/otp-session-store.ts';
import { PersonalStep } from '../components/personal-step.tsx';
import { RegistrationFrame } from '../components/registration-frame.tsx';
import { ReviewStep } from '../components/review-step.tsx';
import { fieldId } from '../components/step-props.ts';
import {
  type FieldIssues,
  type FieldName,
  INITIAL_VALUES,
  issuesFromServer,
  type RegistrationValues,
  registrationFields,
  STEP_FIELDS,
  STEPS,
  validateAll,
  validateStep,
} from '../form-model.ts';

const REVIEW = STEPS.length - 1;
/** A verified phone's grant is good for 10 minutes on the server; reuse it a little less long. */
const GRANT_REUSE_MS = 9 * 60_000;

interface PhoneGrant {
  mobile: string;
  grant: string;
  at: number;
}

/** Focuses a field by name: the first part of a date, else the field's own element. */
function focusField(name: FieldName) {
  const element = document.getElementById(`${fieldId(name)}-day`) ?? document.getElementById(fieldId(name));
  element?.focus();
}

function firstIssueOf(step: number, issues: FieldIssues): FieldName | undefined {
  const key = STEPS[step];
  return key ? STEP_FIELDS[key].find((name) => issues[name]) : undefined;
}

/**
 * Spec §2 /student-register: the Student fields of §3 over four steps and a review, checked
 * step by step with the shared rules; the mobile is verified by the OTP modal (§4), whose
 * success sends the registration; then on to the login screen.
 */
export function StudentRegisterPage() {
  const { t } = useTranslation('registration');
  const { message, errorMessage } = useMessages();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const isPhone = useMediaQuery('(max-width: 40em)');
  const [values, setValues] = useState<RegistrationValues>(INITIAL_VALUES);
  const [issues, setIssues] = useState<FieldIssues>({});
  const [step, setStep] = useState(0);
  const [otpOpen, setOtpOpen] = useState(false);
  const [otpSession, setOtpSession] = useStoredOtpSession();
  const [duplicate, setDuplicate] = useState<MessageCode | undefined>();
  const grant = useRef<PhoneGrant | null>(null);
  const busy = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const pendingFocus = useRef<FieldName | 'heading' | null>(null);
  const register = useRegisterStudentMutation();

  // After a step change, the focus goes to the step's heading (or to the field with a problem);
  // after a refusal of the whole registration, to the heading just above the message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    const target = pendingFocus.current;
    pendingFocus.current = null;
    if (target === 'heading') heading.current?.focus();
    else if (target) focusField(target);
  }, [step, issues, duplicate]);

  // Typed by the union of every field's value, so both the Student parts and the account step take it.
  const setField = useCallback((name: FieldName, value: RegistrationValues[FieldName]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setIssues((current) => {
      if (!current[name]) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
    setDuplicate(undefined);
  }, []);

  const errorOf = (name: FieldName) => {
    const issue = issues[name];
    return issue ? message(issue.code, issue.params) : undefined;
  };

  const goTo = (next: number, focus: FieldName | 'heading' = 'heading') => {
    pendingFocus.current = focus;
    setStep(next);
  };

  const showIssues = (found: FieldIssues, atStep: number) => {
    pendingFocus.current = firstIssueOf(atStep, found) ?? 'heading';
    setIssues(found);
    setStep(atStep);
  };

  const sendRegistration = (phoneToken: string) => {
    if (register.isPending) return;
    busy.current = true;
    register.mutate(
      {
        fields: registrationFields(values, phoneToken),
        files: { photo: values.photo ?? undefined, idCopy: values.idCopy ?? undefined },
      },
      {
        onSuccess: () => {
          notifySuccess(message('RECORDS_SAVED'));
          navigate('/login', { state: { login: values.email.trim() } });
        },
        onError: (error) => {
          busy.current = false;
          if (!(error instanceof ApiError)) {
            notifyError(errorMessage(error));
            return;
          }
          if (error.code === 'PHONE_NOT_VERIFIED' || error.fields?.phoneToken) grant.current = null;
          if (error.code === 'RECORDS_ALREADY_REGISTERED') {
            pendingFocus.current = 'heading';
            setDuplicate('RECORDS_ALREADY_REGISTERED');
            notifyError(message('RECORDS_ALREADY_REGISTERED'));
            return;
          }
          const { issues: found, firstStep } = issuesFromServer(error);
          notifyError(errorMessage(error));
          if (firstStep !== undefined) showIssues(found, firstStep);
        },
      },
    );
  };

  const next = () => {
    const key = STEPS[step];
    if (!key) return;
    const found = validateStep(key, values);
    if (Object.keys(found).length > 0) {
      showIssues({ ...issues, ...found }, step);
      return;
    }
    goTo(step + 1);
  };

  const submit = () => {
    if (busy.current || otpOpen || register.isPending) return;
    const { issues: found, firstStep } = validateAll(values);
    if (firstStep !== undefined) {
      showIssues(found, firstStep);
      return;
    }
    const mobile = values.mobile.trim();
    const held = grant.current;
    if (held && held.mobile === mobile && Date.now() - held.at < GRANT_REUSE_MS) {
      sendRegistration(held.grant);
      return;
    }
    setOtpOpen(true);
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step === REVIEW) submit();
    else next();
  };

  const stepProps = { values, setField, errorOf };
  const stepKey = STEPS[step] ?? 'personal';
  const BackIcon = language === 'ar' ? IconArrowRight : IconArrowLeft;
  const NextIcon = language === 'ar' ? IconArrowLeft : IconArrowRight;

  return (
    <RegistrationFrame>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h3">
            {t('title')}
          </Title>
          <Text size="sm" c="gray.7" mt={4}>
            {t('intro')}
          </Text>
        </div>
        <Stepper
          active={step}
          onStepClick={(index) => index < step && goTo(index)}
          allowNextStepsSelect={false}
          size="sm"
          iconSize={isPhone ? 28 : 32}
        >
          {STEPS.map((key) => (
            <Stepper.Step
              key={key}
              label={isPhone ? undefined : t(`steps.${key}`)}
              aria-label={t(`steps.${key}`)}
            />
          ))}
        </Stepper>
        <form onSubmit={onFormSubmit} noValidate aria-labelledby="reg-step-title">
          <Stack gap="lg">
            <div>
              <Title
                order={2}
                size="h4"
                id="reg-step-title"
                ref={heading}
                tabIndex={-1}
                style={{ outline: 'none' }}
              >
                {t('stepOf', { current: step + 1, total: STEPS.length, name: t(`steps.${stepKey}`) })}
              </Title>
              {step < REVIEW && (
                <Text size="xs" c="gray.7" mt={2}>
                  {t('required')}
                </Text>
              )}
            </div>
            {stepKey === 'personal' && <PersonalStep {...stepProps} />}
            {stepKey === 'identity' && <IdentityStep {...stepProps} />}
            {stepKey === 'contact' && <ContactStep {...stepProps} />}
            {stepKey === 'account' && <AccountStep {...stepProps} />}
            {stepKey === 'review' && (
              <ReviewStep
                values={values}
                onEdit={(index) => goTo(index)}
                alert={duplicate ? message(duplicate) : undefined}
              />
            )}
            <Group justify="space-between" wrap="nowrap" gap="sm">
              {step > 0 ? (
                <Button
                  variant="default"
                  onClick={() => goTo(step - 1)}
                  leftSection={<BackIcon size={18} aria-hidden />}
                  disabled={register.isPending}
                >
                  {t('back')}
                </Button>
              ) : (
                <span />
              )}
              <Button
                type="submit"
                rightSection={step < REVIEW ? <NextIcon size={18} aria-hidden /> : undefined}
                loading={step === REVIEW && (register.isPending || otpOpen)}
              >
                {step < REVIEW ? t('next') : t('submit')}
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
            sendRegistration(verified);
          }}
        />
      )}
    </RegistrationFrame>
  );
}
