import type { FieldName, RegistrationValues } from '../form-model.ts';
import type { StudentFieldName, StudentValues } from '../student-fields.ts';

/** What the parts of a student form get: the Student values, a setter, and each field's message. */
export interface StudentStepProps {
  values: StudentValues;
  setField: <K extends StudentFieldName>(name: K, value: StudentValues[K]) => void;
  /** The field's problem in words (current language), or undefined. */
  errorOf: (name: StudentFieldName) => string | undefined;
}

/** What every step of the registration gets: the values, a setter, and each field's message. */
export interface StepProps {
  values: RegistrationValues;
  setField: <K extends FieldName>(name: K, value: RegistrationValues[K]) => void;
  /** The field's problem in words (current language), or undefined. */
  errorOf: (name: FieldName) => string | undefined;
}

/** The DOM id of a field, used to focus the first field with a problem. */
export function fieldId(name: FieldName): string {
  return `reg-${name}`;
}
