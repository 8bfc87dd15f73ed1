import { Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IconPhoto, IconX } from '@tabler/icons-react';
import { COURSE_IMAGE_RULE, type MessageCode } from '@tasreeh/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useObjectUrl } from '../../../lib/use-object-url.ts';

const TYPE_NAMES = 'JPEG, PNG, WEBP';

/** The first problem of a chosen image, checked before it is sent (the server checks the bytes again). */
export function imageProblem(
  file: File,
): { code: MessageCode; params: Record<string, string | number> } | undefined {
  if (!(COURSE_IMAGE_RULE.types as readonly string[]).includes(file.type)) {
    return { code: 'FILE_TYPE_NOT_ALLOWED', params: { types: TYPE_NAMES } };
  }
  if (file.size > COURSE_IMAGE_RULE.maxMegabytes * 1024 * 1024) {
    return { code: 'FILE_TOO_LARGE', params: { max: COURSE_IMAGE_RULE.maxMegabytes } };
  }
  return undefined;
}

interface CourseImageFieldProps {
  file: File | null;
  /** The course already has an image, which stays unless another is chosen. */
  hasCurrent?: boolean;
  onChange: (file: File | null) => void;
  error?: string;
}

/** Choose a course image (JPEG, PNG or WEBP up to 2 MB) with a preview of the chosen file. */
export function CourseImageField({ file, hasCurrent = false, onChange, error }: CourseImageFieldProps) {
  const { t } = useTranslation('courses');
  const { language } = useLanguage();
  const { message } = useMessages();
  const problem = useMemo(() => (file ? imageProblem(file) : undefined), [file]);
  const previewUrl = useObjectUrl(file && !problem ? file : null);
  const shownError = problem ? message(problem.code, problem.params) : error;
  const id = 'course-image';
  const describedBy = [`${id}-hint`, `${id}-file`, shownError ? `${id}-error` : undefined]
    .filter(Boolean)
    .join(' ');

  return (
    <Stack gap={6} role="group" aria-labelledby={`${id}-label`}>
      <Input.Label id={`${id}-label`} htmlFor={id}>
        {t('form.image')}
      </Input.Label>
      <Text id={`${id}-hint`} size="sm" c="gray.7" mt={-4}>
        {t('form.imageHint', { max: formatNumber(COURSE_IMAGE_RULE.maxMegabytes, language) })}{' '}
        <span lang="en" dir="ltr">
          {TYPE_NAMES}
        </span>
      </Text>
      {previewUrl && (
        <Image src={previewUrl} alt={t('form.imagePreview')} w={200} h={120} fit="cover" radius="md" />
      )}
      <Group gap="xs">
        <FileButton onChange={onChange} accept={COURSE_IMAGE_RULE.types.join(',')}>
          {(props) => (
            <Button
              {...props}
              id={id}
              variant="default"
              leftSection={<IconPhoto size={18} aria-hidden />}
              aria-labelledby={`${id}-label ${id}`}
              aria-describedby={describedBy}
              aria-invalid={shownError ? true : undefined}
            >
              {file || hasCurrent ? t('form.changeImage') : t('form.chooseImage')}
            </Button>
          )}
        </FileButton>
        {file && (
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => onChange(null)}
          >
            {t('form.removeImage')}
          </Button>
        )}
      </Group>
      <Text
        id={`${id}-file`}
        size="sm"
        c={file ? undefined : 'gray.7'}
        data-user-data={file ? true : undefined}
      >
        {file ? file.name : hasCurrent ? t('form.keepImage') : t('form.noImage')}
      </Text>
      {shownError && (
        <Input.Error id={`${id}-error`} role="alert">
          {shownError}
        </Input.Error>
      )}
    </Stack>
  );
}
