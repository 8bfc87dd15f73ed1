import { Textarea, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { Language } from '@tasreeh/shared';

/** One language's box: its label and the form's props for it (value, change, error as text). */
export type LanguageField = GetInputPropsReturnType & { label: string };

/**
 * A text typed in English and in Arabic (a name, a description), the two boxes next to each other
 * in the caller's grid: the English one left to right, the Arabic one right to left, each marked
 * with its language. `rows` makes them long texts that grow downwards.
 */
export function BilingualFields({
  en,
  ar,
  required,
  description,
  rows,
}: {
  en: LanguageField;
  ar: LanguageField;
  required?: boolean;
  description?: string;
  rows?: number;
}) {
  const box = (field: LanguageField, language: Language) => {
    const props = { ...field, required, description, lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' };
    return rows ? <Textarea {...props} rows={rows} resize="vertical" /> : <TextInput {...props} />;
  };
  return (
    <>
      {box(en, 'en')}
      {box(ar, 'ar')}
    </>
  );
}
