import { Paper, Stack, Text, Title } from '@mantine/core';
import type { Course } from '@tasreeh/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { CourseStepper, type WizardPart } from './course-stepper.tsx';

/**
 * A screen of add-new-course: its title, the course's name once it exists, the stepper, then
 * the step on a sheet.
 */
export function WizardPage({
  part,
  course,
  children,
}: {
  part: WizardPart;
  course?: Course;
  children: ReactNode;
}) {
  const { t } = useTranslation('courses');
  const { language } = useLanguage();
  const title =
    part === 'exam' ? t('wizard.examTitle') : course ? t('wizard.continueTitle') : t('wizard.addTitle');
  return (
    <Stack gap="md" maw={1040}>
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        {course && (
          <Text c="gray.7" data-user-data>
            {nameIn(course, language)}
          </Text>
        )}
      </div>
      <CourseStepper part={part} courseId={course?.id} />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        {children}
      </Paper>
    </Stack>
  );
}

/** The end of a step's form: Back to the step before, and the step's own Save ("Save and continue"). */
export function WizardActions({
  onBack,
  submitting,
  submitLabel,
}: {
  onBack: () => void;
  submitting: boolean;
  submitLabel: string;
}) {
  const { t } = useTranslation('courses');
  return (
    <FormActions
      onCancel={onBack}
      cancelLabel={t('wizard.back')}
      submitting={submitting}
      saveLabel={submitLabel}
    />
  );
}
