import { Stack, Text, Title } from '@mantine/core';
import type { Course } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language.ts';
import { courseName } from './course-labels.ts';
import { CourseStepper, type WizardPart } from './course-stepper.tsx';

/** The title of an add-new-course screen, the course's name once it exists, and the stepper. */
export function WizardHeader({ part, course }: { part: WizardPart; course?: Course }) {
  const { t } = useTranslation('courses');
  const { language } = useLanguage();
  const title =
    part === 'exam' ? t('wizard.examTitle') : course ? t('wizard.continueTitle') : t('wizard.addTitle');
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        {course && (
          <Text c="gray.7" data-user-data>
            {courseName(course, language)}
          </Text>
        )}
      </div>
      <CourseStepper part={part} courseId={course?.id} />
    </Stack>
  );
}
