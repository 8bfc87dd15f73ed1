import type { LooseKeys, UseFormReturnType } from '@mantine/form';
import { isMessageCode } from '@tasreeh/shared';
import { type FormEvent, useRef } from 'react';
import { ApiError } from '../../api/api-error.ts';
import { useMessages } from '../../i18n/use-messages.ts';

/**
 * What every form does around its own fields: errors held as message codes shown in the
 * current language, focus on the first field in error, the API's field errors put on their
 * fields, and one request at a time however often the button is pressed.
 */
export function useFormSubmit<Values extends object, Rules, Body>(
  form: UseFormReturnType<Values, Values, Rules>,
  toBody: (values: Values) => Body,
  onSubmit: (body: Body) => Promise<unknown>,
) {
  const { message } = useMessages();
  const sending = useRef(false);
  /** Focuses the first field in error that has an input (an error on a whole list has none). */
  const focusFirst = (errors: Record<string, unknown>) => {
    const nodes = Object.keys(errors).map((name) => form.getInputNode(name));
    nodes.find((node) => node)?.focus();
  };

  /** A field's input props with its error, if any, as text; `name` may be a path (`sessions.0.title`). */
  const field = (name: LooseKeys<Values>) => {
    const code = form.errors[name];
    return {
      ...form.getInputProps(name),
      error: typeof code === 'string' && isMessageCode(code) ? message(code) : undefined,
    };
  };

  const submit: (event?: FormEvent<HTMLFormElement>) => void = form.onSubmit(async (values) => {
    if (sending.current) return;
    sending.current = true;
    try {
      await onSubmit(toBody(values));
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        form.setErrors(error.fields);
        focusFirst(error.fields);
      }
    } finally {
      sending.current = false;
    }
  }, focusFirst);

  return { field, submit };
}
