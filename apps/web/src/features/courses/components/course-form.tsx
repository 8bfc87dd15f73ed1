import { Fieldset, Group, Select, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import {
  COURSE_LEVELS,
  COURSE_SECTORS,
  COURSE_STATUSES,
  type Course,
  CourseInput,
  TRAINING_LANGUAGES,
} from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BilingualFields } from '../../../components/form/bilingual-fields.tsx';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { firstIssueCodes, withoutBlanks } from '../../../components/form/schema-errors.ts';
import { useFormSubmit } from '../../../components/form/use-form-submit.ts';
import { formatSar, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { type CourseBody, courseFeeOptionsQuery } from '../api.ts';
import { CourseImage } from './course-image.tsx';
import { CourseImageField, imageProblem } from './course-image-field.tsx';

export interface CourseFormValues {
  nameEn: string;
  nameAr: string;
  sector: string;
  language: string;
  level: string;
  feeSetupId: string;
  status: string;
  descriptionEn: string;
  descriptionAr: string;
}

const EMPTY: CourseFormValues = {
  nameEn: '',
  nameAr: '',
  sector: '',
  language: '',
  level: '',
  feeSetupId: '',
  status: 'active',
  descriptionEn: '',
  descriptionAr: '',
};

export function valuesOf(course: Course | undefined): CourseFormValues {
  if (!course) return EMPTY;
  return {
    nameEn: course.nameEn,
    nameAr: course.nameAr,
    sector: course.sector,
    language: course.language,
    level: course.level,
    feeSetupId: String(course.fee.id),
    status: course.status,
    descriptionEn: course.descriptionEn ?? '',
    descriptionAr: course.descriptionAr ?? '',
  };
}

/** The body the API takes: the form's strings with blanks left out. */
export function bodyOf(values: CourseFormValues): CourseBody {
  return withoutBlanks(values);
}

/** The shared CourseInput rules' first message code per field. */
export function validateCourse(values: CourseFormValues) {
  return firstIssueCodes(CourseInput, bodyOf(values), EMPTY);
}

interface CourseFormProps {
  course?: Course;
  submitting: boolean;
  /** What Save says ("Save and continue" in the wizard); Save unless told. */
  submitLabel?: string;
  cancelTo: string;
  onSubmit: (body: CourseBody, image: File | null) => Promise<unknown>;
}

/** Main details of a course ("Main Details", edit-course), checked by the shared rules before sending. */
export function CourseForm({ course, submitting, submitLabel, cancelTo, onSubmit }: CourseFormProps) {
  const { t } = useTranslation('courses');
  const { t: common } = useTranslation('common');
  const { language } = useLanguage();
  const fees = useQuery(courseFeeOptionsQuery());
  const [image, setImage] = useState<File | null>(null);
  const form = useForm<CourseFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(course),
    validate: validateCourse,
    validateInputOnBlur: false,
    clearInputErrorOnChange: true,
  });

  const { field, submit } = useFormSubmit(form, bodyOf, async (body) => {
    // A chosen image the server would refuse says why beside it; nothing is sent until it is changed.
    if (!(image && imageProblem(image))) await onSubmit(body, image);
  });
  const options = <Value extends string>(values: readonly Value[], group: string) =>
    values.map((value) => ({ value, label: t(`${group}.${value}`) }));
  const feeOptions = (fees.data ?? []).map((fee) => {
    const label = t('form.feeOption', {
      name: nameIn(fee, language),
      total: formatSar(fee.breakdown.total, language),
    });
    return {
      value: String(fee.id),
      label: fee.active ? label : t('form.feeInactive', { name: label }),
      disabled: !fee.active && String(fee.id) !== form.values.feeSetupId,
    };
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Fieldset legend={t('form.names')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <BilingualFields
              required
              description={t('form.nameHint')}
              en={{ label: t('form.nameEn'), ...field('nameEn') }}
              ar={{ label: t('form.nameAr'), ...field('nameAr') }}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('form.classification')}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <Select
              label={t('form.sector')}
              required
              data={options(COURSE_SECTORS, 'sectors')}
              {...field('sector')}
            />
            <Select
              label={t('form.language')}
              required
              searchable
              data={options(TRAINING_LANGUAGES, 'languages')}
              {...field('language')}
            />
            <Select
              label={t('form.level')}
              required
              data={options(COURSE_LEVELS, 'levels')}
              {...field('level')}
            />
            <Select
              label={t('form.status')}
              required
              allowDeselect={false}
              data={COURSE_STATUSES.map((status) => ({ value: status, label: common(`statuses.${status}`) }))}
              {...field('status')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('form.fees')}>
          <Select
            label={t('form.feeSetup')}
            required
            data={feeOptions}
            disabled={fees.isPending}
            {...field('feeSetupId')}
          />
        </Fieldset>
        <Fieldset legend={t('form.description')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <BilingualFields
              rows={3}
              en={{ label: t('form.descriptionEn'), ...field('descriptionEn') }}
              ar={{ label: t('form.descriptionAr'), ...field('descriptionAr') }}
            />
          </SimpleGrid>
        </Fieldset>
        <Group align="flex-start" gap="lg">
          {course?.imageFileId && !image && (
            <CourseImage
              courseId={course.id}
              fileId={course.imageFileId}
              alt={t('view.image', { name: nameIn(course, language) })}
              noImageText={t('view.noImage')}
              width={200}
              height={120}
            />
          )}
          <CourseImageField file={image} hasCurrent={Boolean(course?.imageFileId)} onChange={setImage} />
        </Group>
        <FormActions cancelTo={cancelTo} submitting={submitting} saveLabel={submitLabel} />
      </Stack>
    </form>
  );
}
