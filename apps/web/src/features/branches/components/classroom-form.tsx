import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ClassroomInput, isMessageCode, type MessageCode, normalizeDigits } from '@tasreeh/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import type { ClassroomBody } from '../api.ts';

interface Values {
  name: string;
  capacity: string;
}

function validate(values: Values): Partial<Record<keyof Values, MessageCode>> {
  const parsed = ClassroomInput.safeParse({ name: values.name, capacity: normalizeDigits(values.capacity) });
  if (parsed.success) return {};
  const errors: Partial<Record<keyof Values, MessageCode>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'capacity' ? 'capacity' : 'name';
    errors[field] ??= isMessageCode(issue.message) ? issue.message : 'INVALID_VALUE';
  }
  return errors;
}

interface ClassroomFormProps {
  initial?: { name: string; capacity: number };
  submitLabel: string;
  submitting: boolean;
  autoFocus?: boolean;
  onCancel?: () => void;
  /** Saves; resolves when saved (the add form then empties itself). */
  onSubmit: (body: ClassroomBody) => Promise<unknown>;
}

/** A classroom's name and capacity, checked by the shared ClassroomInput rules. */
export function ClassroomForm({
  initial,
  submitLabel,
  submitting,
  autoFocus,
  onCancel,
  onSubmit,
}: ClassroomFormProps) {
  const { t } = useTranslation('branches');
  const { message } = useMessages();
  const sending = useRef(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: initial?.name ?? '', capacity: initial ? String(initial.capacity) : '' },
    validate,
    clearInputErrorOnChange: true,
  });
  const errorOf = (name: keyof Values) => {
    const code = form.errors[name];
    return typeof code === 'string' && isMessageCode(code) ? message(code) : undefined;
  };

  const submit = form.onSubmit(
    async (values) => {
      if (sending.current) return;
      sending.current = true;
      try {
        await onSubmit({ name: values.name.trim(), capacity: Number(normalizeDigits(values.capacity)) });
        if (!initial) form.reset();
      } catch (error) {
        if (error instanceof ApiError && error.fields) form.setErrors(error.fields);
      } finally {
        sending.current = false;
      }
    },
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) form.getInputNode(first)?.focus();
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <SimpleGrid cols={{ base: 1, sm: initial ? 1 : 3 }} style={{ alignItems: 'end' }}>
        <TextInput
          label={t('rooms.name')}
          required
          data-autofocus={autoFocus || undefined}
          autoFocus={autoFocus}
          {...form.getInputProps('name')}
          error={errorOf('name')}
        />
        <TextInput
          label={t('rooms.capacity')}
          required
          inputMode="numeric"
          {...form.getInputProps('capacity')}
          error={errorOf('capacity')}
        />
        <Group gap="sm" justify={initial ? 'flex-end' : 'flex-start'}>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('rooms.cancel')}
            </Button>
          )}
          <Button type="submit" loading={submitting} disabled={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </SimpleGrid>
    </form>
  );
}
