import { Anchor, Stack, Stepper, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../i18n/use-language.ts';
import { CodeStep, type CodeVerified } from './code-step.tsx';
import { type CodeSent, EmailStep } from './email-step.tsx';
import { NewPasswordStep } from './new-password-step.tsx';

type FlowState =
  | { step: 'email' }
  | { step: 'code'; sent: CodeSent }
  | { step: 'password'; verified: CodeVerified };

const STEP_INDEX = { email: 0, code: 1, password: 2 } as const;

/** Forgot password (spec §4): e-mail, then the code sent to the phone, then a new password, then login. */
export function ForgotPasswordFlow({ onBackToLogin }: { onBackToLogin: () => void }) {
  const { t } = useTranslation('auth');
  const { language } = useLanguage();
  const [state, setState] = useState<FlowState>({ step: 'email' });
  const BackIcon = language === 'ar' ? IconArrowRight : IconArrowLeft;

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('forgot.title')}
      </Title>
      <Stepper
        active={STEP_INDEX[state.step]}
        size="xs"
        iconSize={28}
        wrap={false}
        allowNextStepsSelect={false}
      >
        <Stepper.Step label={t('forgot.steps.email')} />
        <Stepper.Step label={t('forgot.steps.code')} />
        <Stepper.Step label={t('forgot.steps.password')} />
      </Stepper>
      {state.step === 'email' && <EmailStep onSent={(sent) => setState({ step: 'code', sent })} />}
      {state.step === 'code' && (
        <CodeStep
          sent={state.sent}
          onResent={(sent) => setState({ step: 'code', sent })}
          onVerified={(verified) => setState({ step: 'password', verified })}
        />
      )}
      {state.step === 'password' && <NewPasswordStep verified={state.verified} onDone={onBackToLogin} />}
      <Anchor component="button" type="button" size="sm" onClick={onBackToLogin}>
        <BackIcon size={14} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
        {t('forgot.backToLogin')}
      </Anchor>
    </Stack>
  );
}
