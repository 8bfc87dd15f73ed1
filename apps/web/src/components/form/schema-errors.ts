import { isMessageCode, type MessageCode } from '@tasreeh/shared';
import type { z } from 'zod';

/** A form's values as strings, blanks left out: what the API takes for an optional field left empty. */
export function withoutBlanks<Values extends object>(values: Values): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
    ),
  );
}

/**
 * The first message code of each field that the shared schema refuses, for a form to show
 * in the current language (the same rule the API applies). Issues on other paths are left
 * to the API's answer. `fieldOf` names the form field of a body field the form calls otherwise
 * (`idExpiryHijri` is the form's `idExpiry`).
 */
export function firstIssueCodes<Values extends object>(
  schema: z.ZodType,
  body: unknown,
  fields: Values,
  fieldOf: (bodyField: string) => string | undefined = (bodyField) => bodyField,
): Partial<Record<keyof Values, MessageCode>> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return {};
  const errors: Partial<Record<keyof Values, MessageCode>> = {};
  for (const issue of parsed.error.issues) {
    const name = fieldOf(String(issue.path[0] ?? ''));
    if (name === undefined || !(name in fields)) continue;
    const field = name as keyof Values;
    errors[field] ??= isMessageCode(issue.message) ? issue.message : 'INVALID_VALUE';
  }
  return errors;
}
