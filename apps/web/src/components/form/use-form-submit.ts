import type { LooseKeys, UseFormReturnType } from '@mantine/form';
import { isMessageCode, type MessageCode } from '@tasreeh/shared';
import { type FormEvent, useRef } from 'react';
import { ApiError } from '../../api/api-error.ts';
import { useMessages } from '../../i18n/use-messages.ts';

/** What a form may add to what every form does (all optional). */
export interface FormSubmitOptions<Values> {
  /** The form field an API field's error belongs on, when the API names it otherwise; undefined leaves it out. */
  fieldOf?: (apiField: string) => LooseKeys<Values> | undefined;
  /** The element to focus for a field in error when it is not the input of `field()` (a date in parts, a file). */
  inputOf?: (field: string) => HTMLElement | null;
  /** Values for the placeholders of the form's messages ({{max}}, {{types}}). */
  messageParams?: Record<string, string | number>;
}

/**
 * What every form does around its own fields: errors held as message codes shown in the
 * current language, focus on the first field in error, the API's field errors put on their
 * fields, and one request at a time however often the button is pressed.
 */
export function useFormSubmit<Values extends object, Rules, Body>(
  form: UseFormReturnType<Values, Values, Rules>,
  toBody: (values: Values) => Body,
  onSubmit: (body: Body) => Promise<unknown>,
  options: FormSubmitOptions<Values> = {},
) {
  const { message } = useMessages();
  const sending = useRef(false);
  /**
   * Focuses the first field in error, in the order shown (the rules and the API may name them in
   * another), of those that have an input (an error on a whole list has none).
   */
  const focusFirst = (errors: Record<string, unknown>) => {
    const nodes = Object.keys(errors)
      .map((name) => options.inputOf?.(name) ?? form.getInputNode(name))
      .filter((node): node is HTMLElement => node instanceof HTMLElement);
    const shownFirst = (a: HTMLElement, b: HTMLElement) =>
      a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
    nodes.sort(shownFirst)[0]?.focus();
  };
  /** The API's field errors on the form's own fields. */
  const onFields = (fields: Record<string, MessageCode>) => {
    const { fieldOf } = options;
    if (!fieldOf) return fields;
    const errors: Record<string, MessageCode> = {};
    for (const [name, code] of Object.entries(fields)) {
      const formField = fieldOf(name);
      if (formField) errors[formField] = code;
    }
    return errors;
  };

  /** A field's error, if any, as text (for a field that is not a plain input: a date in parts, a file). */
  const errorOf = (name: LooseKeys<Values>) => {
    const code = form.errors[name];
    return typeof code === 'string' && isMessageCode(code) ? message(code, options.messageParams) : undefined;
  };

  /** A field's input props with its error, if any, as text; `name` may be a path (`sessions.0.title`). */
  const field = (name: LooseKeys<Values>) => ({ ...form.getInputProps(name), error: errorOf(name) });

  const submit: (event?: FormEvent<HTMLFormElement>) => void = form.onSubmit(async (values) => {
    if (sending.current) return;
    sending.current = true;
    try {
      await onSubmit(toBody(values));
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        const errors = onFields(error.fields);
        form.setErrors(errors);
        focusFirst(errors);
      }
    } finally {
      sending.current = false;
    }
  }, focusFirst);

  return { field, errorOf, submit };
}
