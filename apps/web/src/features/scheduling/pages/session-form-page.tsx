import { Alert, Group, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import {
  EXAM_SESSION_TYPES,
  ExamSessionInput,
  type ExamSessionType,
  NewTrainingSessionInput,
  normalizeDigits,
  riyadhLocalOf,
  type SessionDetail,
  type SessionEditScope,
  type SessionFormOptions,
  TRAINING_LANGUAGES,
  TrainingSessionInput,
} from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { FormPage } from '../../../components/form/form-page.tsx';
import { firstIssueCodes } from '../../../components/form/schema-errors.ts';
import { useFormSubmit } from '../../../components/form/use-form-submit.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { QueryView } from '../../../components/query-view.tsx';
import { formatNumber, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { sessionFormOptionsQuery, sessionQuery, useSaveSessionMutation } from '../api.ts';
import { SeriesScopeField } from '../components/series-scope-field.tsx';

type Kind = 'training' | 'exam';

export interface SessionValues {
  courseId: string;
  branchId: string;
  delivery: string;
  classroomId: string;
  capacity: string;
  language: string;
  examType: string;
  date: string;
  startTime: string;
  endTime: string;
  repeatWeeklyUntil: string;
  staffId: string;
  /** Editing a session of a weekly series: which of its sessions change; blank otherwise. */
  scope: '' | SessionEditScope;
}

const EMPTY: SessionValues = {
  courseId: '',
  branchId: '',
  delivery: 'in_person',
  classroomId: '',
  capacity: '',
  language: '',
  examType: '',
  date: '',
  startTime: '',
  endTime: '',
  repeatWeeklyUntil: '',
  staffId: '',
  scope: '',
};

/** A session's form values from the session (an edit): its Riyadh date and times. */
function valuesOf(session: SessionDetail): SessionValues {
  const start = riyadhLocalOf(session.startsAt);
  const end = riyadhLocalOf(session.endsAt);
  return {
    ...EMPTY,
    courseId: String(session.courseId),
    branchId: String(session.branchId),
    delivery: session.delivery,
    classroomId: session.classroomId ? String(session.classroomId) : '',
    capacity: session.delivery === 'remote' ? String(session.capacity) : '',
    language: session.language,
    examType: session.examType ?? '',
    date: start.date,
    startTime: start.time,
    endTime: end.time,
    staffId: session.staff ? String(session.staff.id) : '',
    scope: session.kind === 'training' && session.seriesId !== null ? 'one' : '',
  };
}

/**
 * The API body of a form: its kind's fields, blanks left out, digits in any script read. Both
 * kinds always send their delivery (an exam session without one is In Person to the API): In
 * Person with its room, Remote with its own seats and no room.
 */
export function bodyOf(kind: Kind, values: SessionValues, isNew: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {
    courseId: values.courseId || undefined,
    branchId: values.branchId || undefined,
    language: values.language || undefined,
    date: values.date || undefined,
    startTime: values.startTime || undefined,
    endTime: values.endTime || undefined,
    delivery: values.delivery || undefined,
  };
  if (values.delivery === 'remote') {
    const capacity = normalizeDigits(values.capacity.trim());
    body.capacity = /^\d+$/.test(capacity) ? Number(capacity) : capacity || undefined;
  } else {
    body.classroomId = values.classroomId || undefined;
  }
  if (kind === 'exam') {
    body.examType = values.examType || undefined;
    body.examinerId = values.staffId || undefined;
  } else {
    body.instructorId = values.staffId || undefined;
    if (isNew && values.repeatWeeklyUntil) body.repeatWeeklyUntil = values.repeatWeeklyUntil;
    if (!isNew && values.scope) body.scope = values.scope;
  }
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

/** The form field an API field belongs on. */
function fieldOf(apiField: string): keyof SessionValues | undefined {
  if (apiField === 'instructorId' || apiField === 'examinerId') return 'staffId';
  return apiField in EMPTY ? (apiField as keyof SessionValues) : undefined;
}

function schemaOf(kind: Kind, isNew: boolean) {
  if (kind === 'exam') return ExamSessionInput;
  return isNew ? NewTrainingSessionInput : TrainingSessionInput;
}

/** The delivery choice, In Person or Remote, as two radios under the field's label. */
function DeliveryField({
  label,
  ...props
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation('scheduling');
  return (
    <Radio.Group label={label} withAsterisk data-testid="session-delivery" {...props}>
      <Group gap="lg" mt="xs">
        <Radio value="in_person" label={t('delivery.in_person')} />
        <Radio value="remote" label={t('delivery.remote')} />
      </Group>
    </Radio.Group>
  );
}

export function SessionForm({
  kind,
  id,
  options,
  initial,
  seatsTaken = 0,
}: {
  kind: Kind;
  id: string | undefined;
  options: SessionFormOptions;
  initial: SessionValues;
  /** Editing: the seats already booked, which a Remote session's seats (or the room's) must cover. */
  seatsTaken?: number;
}) {
  const { t } = useTranslation(['scheduling', 'courses']);
  const { language } = useLanguage();
  const { errorMessage } = useMessages();
  const navigate = useNavigate();
  const save = useSaveSessionMutation(kind, id);
  const [serverError, setServerError] = useState<string | undefined>();
  // The refused save's placeholders ({{count}} seats booked), for its message on a field too.
  const [serverParams, setServerParams] = useState<Record<string, string | number>>();
  const isNew = id === undefined;
  const form = useForm<SessionValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) =>
      firstIssueCodes(schemaOf(kind, isNew), bodyOf(kind, values, isNew), values, (field) => fieldOf(field)),
  });
  const { field, submit } = useFormSubmit(
    form,
    (values) => bodyOf(kind, values, isNew),
    async (body) => {
      setServerError(undefined);
      setServerParams(undefined);
      try {
        const saved = await save.mutateAsync(body);
        notifySuccess(saved.message);
        const first = saved.ids[0] ?? id;
        await navigate(`/admin/${kind === 'exam' ? 'view-exam' : 'view-training'}/${first}`);
      } catch (error) {
        const text = errorMessage(error);
        setServerError(text);
        if (error instanceof ApiError) setServerParams(error.params);
        notifyError(text);
        throw error;
      }
    },
    { fieldOf, messageParams: serverParams },
  );

  const branch = options.branches.find((item) => String(item.id) === form.values.branchId);
  const courses = options.courses.filter((course) => kind === 'training' || course.hasExam);
  const staff = kind === 'exam' ? options.examiners : options.instructors;
  const named = (items: { id: number; nameEn: string; nameAr: string }[]) =>
    items.map((item) => ({ value: String(item.id), label: nameIn(item, language) }));
  const remote = form.values.delivery === 'remote';
  // An edit keeps room for the seats already booked: the API refuses fewer (CAPACITY_BELOW_BOOKED).
  const seatsBooked =
    seatsTaken > 0 ? t('form.seatsBooked', { seats: formatNumber(seatsTaken, language) }) : undefined;
  // The date picker offers no day before today in Riyadh; the API refuses a start already past.
  const today = riyadhLocalOf(new Date()).date;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {serverError && (
          <Alert color="red" role="alert" data-testid="session-form-error">
            {serverError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('form.course')}
            data={named(courses)}
            searchable
            withAsterisk
            allowDeselect={false}
            {...field('courseId')}
            onChange={(value) => {
              form.setFieldValue('courseId', value ?? '');
              const course = options.courses.find((item) => String(item.id) === value);
              if (course && !form.values.language) form.setFieldValue('language', course.language);
            }}
          />
          {kind === 'exam' && (
            <Select
              label={t('form.examType')}
              data={EXAM_SESSION_TYPES.map((type) => ({ value: type, label: t(`examType.${type}`) }))}
              withAsterisk
              allowDeselect={false}
              {...field('examType')}
            />
          )}
          <Select
            label={t('form.branch')}
            data={named(options.branches)}
            withAsterisk
            allowDeselect={false}
            {...field('branchId')}
            onChange={(value) => {
              form.setFieldValue('branchId', value ?? '');
              form.setFieldValue('classroomId', '');
            }}
          />
          <DeliveryField
            label={kind === 'exam' ? t('form.examDelivery') : t('form.delivery')}
            value={form.values.delivery}
            onChange={(value) => form.setFieldValue('delivery', value)}
            error={field('delivery').error}
          />
          {remote ? (
            <TextInput
              label={t('form.capacity')}
              description={seatsBooked}
              inputMode="numeric"
              withAsterisk
              {...field('capacity')}
            />
          ) : (
            <Select
              label={t('form.room')}
              description={seatsBooked}
              data={(branch?.rooms ?? []).map((room) => ({
                value: String(room.id),
                label: t('form.roomOption', { name: room.name, capacity: room.capacity }),
              }))}
              withAsterisk
              allowDeselect={false}
              {...field('classroomId')}
            />
          )}
          <Select
            label={kind === 'exam' ? t('form.examLanguage') : t('form.language')}
            data={TRAINING_LANGUAGES.map((code) => ({ value: code, label: t(`courses:languages.${code}`) }))}
            withAsterisk
            allowDeselect={false}
            {...field('language')}
          />
          <Select
            label={kind === 'exam' ? t('form.examiner') : t('form.instructor')}
            data={named(staff)}
            searchable
            withAsterisk
            allowDeselect={false}
            {...field('staffId')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput type="date" label={t('form.date')} withAsterisk min={today} {...field('date')} />
          <TextInput type="time" label={t('form.startTime')} withAsterisk {...field('startTime')} />
          <TextInput type="time" label={t('form.endTime')} withAsterisk {...field('endTime')} />
        </SimpleGrid>
        {kind === 'training' && isNew && (
          <TextInput
            type="date"
            label={t('form.repeatWeeklyUntil')}
            description={t('form.repeatHint')}
            min={form.values.date || today}
            {...field('repeatWeeklyUntil')}
          />
        )}
        {form.values.scope && (
          <SeriesScopeField
            action="edit"
            value={form.values.scope}
            onChange={(scope) => form.setFieldValue('scope', scope)}
          />
        )}
        <FormActions cancelTo="/admin/scheduling" submitting={save.isPending} />
      </Stack>
    </form>
  );
}

function AddSessionScreen({ kind, examType }: { kind: Kind; examType?: ExamSessionType }) {
  const { t } = useTranslation('scheduling');
  const options = useQuery(sessionFormOptionsQuery);
  return (
    <FormPage title={t(kind === 'exam' ? 'form.addExamTitle' : 'form.addTrainingTitle')}>
      <QueryView query={options}>
        {(data) => (
          <SessionForm
            kind={kind}
            id={undefined}
            options={data}
            initial={{ ...EMPTY, examType: examType ?? '' }}
          />
        )}
      </QueryView>
    </FormPage>
  );
}

function EditSessionScreen({ kind }: { kind: Kind }) {
  const { t } = useTranslation('scheduling');
  const { id = '' } = useParams();
  const options = useQuery(sessionFormOptionsQuery);
  const session = useQuery(sessionQuery(id));
  return (
    <FormPage title={t(kind === 'exam' ? 'form.editExamTitle' : 'form.editTrainingTitle')}>
      <QueryView query={options}>
        {(data) => (
          <QueryView query={session} notFoundText={t('notFound')}>
            {(detail) => (
              <SessionForm
                kind={kind}
                id={id}
                options={data}
                initial={valuesOf(detail)}
                seatsTaken={detail.seatsTaken}
              />
            )}
          </QueryView>
        )}
      </QueryView>
    </FormPage>
  );
}

export const AddTrainingPage = () => <AddSessionScreen kind="training" />;
export const AddExamPage = () => <AddSessionScreen kind="exam" />;
export const AddAssessmentPage = () => <AddSessionScreen kind="exam" examType="Assessment" />;
export const AddRetakePage = () => <AddSessionScreen kind="exam" examType="ReTake" />;
export const EditTrainingPage = () => <EditSessionScreen kind="training" />;
export const EditExamPage = () => <EditSessionScreen kind="exam" />;
