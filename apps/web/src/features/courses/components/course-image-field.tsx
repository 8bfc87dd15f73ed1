import { Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { COURSE_IMAGE_RULE, type MessageCode } from '@tasreeh/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FileChoice } from '../../../components/form/file-choice.tsx';
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
}

/** Choose a course image (JPEG, PNG or WEBP up to 2 MB) with a preview of the chosen file. */
export function CourseImageField({ file, hasCurrent = false, onChange }: CourseImageFieldProps) {
  const { t } = useTranslation('courses');
  const { language } = useLanguage();
  const { message } = useMessages();
  const problem = useMemo(() => (file ? imageProblem(file) : undefined), [file]);
  const previewUrl = useObjectUrl(file && !problem ? file : null);

  return (
    <FileChoice
      id="course-image"
      label={t('form.image')}
      hint={t('form.imageHint', { max: formatNumber(COURSE_IMAGE_RULE.maxMegabytes, language) })}
      typeNames={TYPE_NAMES}
      accept={COURSE_IMAGE_RULE.types}
      file={file}
      onChange={onChange}
      hasCurrent={hasCurrent}
      texts={{
        choose: t('form.chooseImage'),
        change: t('form.changeImage'),
        remove: t('form.removeImage'),
        none: hasCurrent ? t('form.keepImage') : t('form.noImage'),
      }}
      error={problem && message(problem.code, problem.params)}
      icon={<IconPhoto size={18} aria-hidden />}
    >
      {previewUrl && (
        <Image src={previewUrl} alt={t('form.imagePreview')} w={200} h={120} fit="cover" radius="md" />
      )}
    </FileChoice>
  );
}
