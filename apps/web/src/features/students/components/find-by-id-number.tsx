import { Button, Group, TextInput } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { normalizeDigits, type StudentProfile } from '@tasreeh/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useFindByIdNumberMutation } from '../api.ts';

/**
 * The "find by ID number" box: the student with that national ID, Iqama, visa or passport
 * number in the user's reach, or "No student found with this ID." under the box.
 */
export function FindByIdNumber({ id, onFound }: { id: string; onFound: (student: StudentProfile) => void }) {
  const { t } = useTranslation('students');
  const { message, errorMessage } = useMessages();
  const [idNumber, setIdNumber] = useState('');
  const [error, setError] = useState<string | undefined>();
  const find = useFindByIdNumberMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (find.isPending) return;
    const value = normalizeDigits(idNumber.trim()).toUpperCase();
    if (!value) {
      setError(message('REQUIRED'));
      return;
    }
    find.mutate(value, {
      onSuccess: (student) => onFound(student),
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('find.title')}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          id={id}
          label={t('find.label')}
          description={t('find.hint')}
          value={idNumber}
          onChange={(event) => {
            setIdNumber(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          dir="ltr"
          maxLength={20}
          autoComplete="off"
          leftSection={<IconId size={16} aria-hidden />}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          style={{ flex: 1 }}
          maw={360}
        />
        <Button type="submit" mt={22} loading={find.isPending} disabled={find.isPending}>
          {t('find.submit')}
        </Button>
      </Group>
    </form>
  );
}
