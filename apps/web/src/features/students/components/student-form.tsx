import { Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { STUDENT_ATTACHMENTS, type StudentAttachment, type StudentProfile } from '@tasreeh/shared';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { useMessages } from '../../../i18n/use-messages.ts';
import { AttachmentField } from '../../registration/components/attachment-field.tsx';
import { ContactStep } from '../../registration/components/contact-step.tsx';
import { IdentityStep } from '../../registration/components/identity-step.tsx';
import { PersonalStep } from '../../registration/components/personal-step.tsx';
import { fieldId } from '../../registration/components/step-props.ts';
import { branchOptionsQuery, type StudentBody, type StudentsScope } from '../api.ts';
import { CorporatePicker } from './corporate-picker.tsx';
import {
  bodyOf,
  EMPTY_STUDENT_FORM,
  firstIssueOf,
  issuesFromServer,
  type StudentFormField,
  type StudentFormIssues,
  type StudentFormValues,
  validateStudentForm,
  valuesOfStudent,
} from './student-form-model.ts';

const CORPORATE_FIELD_ID = 'student-corporateId';

/** Focuses a field by name: the first part of a date, else the field's own element. */
function focusField(name: StudentFormField) {
  const id = name === 'corporateId' ? CORPORATE_FIELD_ID : fieldId(name);
  (document.getElementById(`${id}-day`) ?? document.getElementById(id))?.focus();
}

export type StudentFiles = Partial<Record<StudentAttachment, File>>;

interface StudentFormProps {
  /** The back office's form has the corporate and the attachments; a corporate's has neither. */
  scope: StudentsScope;
  student?: StudentProfile;
  submitting: boolean;
  cancelTo: string;
  /** Sends the student; a refusal with field errors is thrown back to be shown on the fields. */
  onSubmit: (body: StudentBody, files: StudentFiles) => Promise<unknown>;
}

/**
 * Add or edit a student (spec §3 Student): the registration's personal, identity and contact
 * parts, checked by the same shared rules, then the corporate and the attachments.
 */
export function StudentForm({ scope, student, submitting, cancelTo, onSubmit }: StudentFormProps) {
  const { t } = useTranslation('students');
  const { message } = useMessages();
  const [values, setValues] = useState<StudentFormValues>(() =>
    student ? valuesOfStudent(student) : EMPTY_STUDENT_FORM,
  );
  const [issues, setIssues] = useState<StudentFormIssues>({});
  const sending = useRef(false);
  const pendingFocus = useRef<StudentFormField | null>(null);
  const isAdmin = scope === 'admin';
  const branches = useQuery({ ...branchOptionsQuery, enabled: isAdmin });

  // Typed by the union of every field's value, so the registration's parts take it as their setter.
  const setField = useCallback((name: StudentFormField, value: StudentFormValues[StudentFormField]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setIssues((current) => {
      if (!current[name]) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);

  // Staff who work in one branch place students there: their branch is chosen for them.
  const onlyBranch = branches.data?.length === 1 ? branches.data[0] : undefined;
  useEffect(() => {
    if (onlyBranch && !values.branchId) setField('branchId', String(onlyBranch.id));
  }, [onlyBranch, values.branchId, setField]);

  // After a refusal, the focus goes to the first field with a problem.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the issues change
  useEffect(() => {
    const target = pendingFocus.current;
    pendingFocus.current = null;
    if (target) focusField(target);
  }, [issues]);

  const showIssues = (found: StudentFormIssues) => {
    pendingFocus.current = firstIssueOf(found) ?? null;
    setIssues(found);
  };

  const errorOf = (name: StudentFormField) => {
    const issue = issues[name];
    return issue ? message(issue.code, issue.params) : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current || submitting) return;
    const found = validateStudentForm(values);
    if (Object.keys(found).length > 0) {
      showIssues(found);
      return;
    }
    sending.current = true;
    try {
      await onSubmit(bodyOf(values, isAdmin), {
        photo: values.photo ?? undefined,
        idCopy: values.idCopy ?? undefined,
      });
    } catch (error) {
      if (error instanceof ApiError && error.fields) showIssues(issuesFromServer(error.fields, error.params));
    } finally {
      sending.current = false;
    }
  };

  const parts = { values, setField, errorOf };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Text size="sm" c="gray.7">
          {t('form.required')}
        </Text>
        <Fieldset legend={t('form.personal')}>
          <PersonalStep {...parts} />
        </Fieldset>
        <Fieldset legend={t('form.identity')}>
          <IdentityStep {...parts} />
        </Fieldset>
        <Fieldset legend={t('form.contact')}>
          <ContactStep {...parts} branchChoices={isAdmin ? branches : undefined} />
        </Fieldset>
        {isAdmin && (
          <Fieldset legend={t('form.corporate')}>
            <CorporatePicker
              id={CORPORATE_FIELD_ID}
              label={t('form.corporateLabel')}
              value={values.corporateId}
              onChange={(value) => setField('corporateId', value)}
              noneLabel={t('form.noCorporate')}
              initial={student?.corporate}
              error={errorOf('corporateId')}
            />
          </Fieldset>
        )}
        {isAdmin && (
          <Fieldset legend={t('form.attachments')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <AttachmentField
                id={fieldId('photo')}
                kind="photo"
                label={t('form.photo')}
                hint={t(student?.photoFileId ? 'form.replaceHint' : 'form.fileHint', {
                  max: STUDENT_ATTACHMENTS.photo.maxMegabytes,
                })}
                file={values.photo}
                onChange={(file) => setField('photo', file)}
                error={errorOf('photo')}
                required={false}
                preview
                previewAlt={t('form.photoPreview')}
              />
              <AttachmentField
                id={fieldId('idCopy')}
                kind="idCopy"
                label={t('form.idCopy')}
                hint={t(student?.idCopyFileId ? 'form.replaceHint' : 'form.fileHint', {
                  max: STUDENT_ATTACHMENTS.idCopy.maxMegabytes,
                })}
                file={values.idCopy}
                onChange={(file) => setField('idCopy', file)}
                error={errorOf('idCopy')}
                required={false}
              />
            </SimpleGrid>
          </Fieldset>
        )}
        <FormActions cancelTo={cancelTo} submitting={submitting} />
      </Stack>
    </form>
  );
}
