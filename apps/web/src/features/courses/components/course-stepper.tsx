import { Stepper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Which part of add-new-course a screen is: the spec's two steps, then the exam settings. */
export type WizardPart = 'details' | 'sessions' | 'exam';

const ACTIVE: Record<WizardPart, number> = { details: 0, sessions: 1, exam: 2 };

/**
 * The spec's registration wizard, "Main Details" → "Sessions"; on the exam settings page both
 * steps show as complete. Once the course exists, a step can be opened by its button.
 */
export function CourseStepper({ part, courseId }: { part: WizardPart; courseId?: number }) {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const open = (step: number) => {
    if (courseId === undefined) return;
    navigate(step === 0 ? `/admin/add-new-course/${courseId}` : `/admin/add-new-course/sessions/${courseId}`);
  };
  return (
    <nav aria-label={t('wizard.steps')}>
      <Stepper
        active={ACTIVE[part]}
        onStepClick={open}
        allowNextStepsSelect={courseId !== undefined}
        size="sm"
      >
        <Stepper.Step label={t('wizard.details')} description={t('wizard.detailsHint')} />
        <Stepper.Step label={t('wizard.sessions')} description={t('wizard.sessionsHint')} />
      </Stepper>
    </nav>
  );
}
