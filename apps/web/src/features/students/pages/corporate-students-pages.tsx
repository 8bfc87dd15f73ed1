import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconUserMinus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useAbility } from '../../auth/use-ability.ts';
import {
  type StudentBody,
  studentQuery,
  useAddCorporateStudentMutation,
  useRemoveCorporateStudentMutation,
} from '../api.ts';
import { StudentDetails } from '../components/student-details.tsx';
import { StudentFilters } from '../components/student-filters.tsx';
import { StudentForm } from '../components/student-form.tsx';
import { StudentHeader } from '../components/student-header.tsx';
import { StudentTable } from '../components/student-table.tsx';
import { useStudentList } from '../components/use-student-list.ts';

/** `/corporate/students`: the corporate's own students, searched and paged on the server. */
export function CorporateStudentListPage() {
  const { t } = useTranslation('students');
  const { list, query, count } = useStudentList('corporate');
  const add = {
    label: t('list.add'),
    to: '/corporate/students/add-new-student',
    allowed: useAbility('students', 'create'),
  };
  return (
    <Stack gap="md">
      <ListHeader title={t('corporate.title')} add={add} />
      <StudentFilters list={list} show={['hold', 'nationality', 'gender']} />
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(count, total) => t('list.count', { count, total })}
        noneText={t('corporate.none')}
        noMatchText={t('list.noMatch')}
        add={add}
        pagesLabel={t('list.pages')}
        totalTestId="student-total"
      >
        {(students) => (
          <StudentTable
            list={list}
            students={students}
            profilePath={(id) => `/corporate/students/profile/${id}`}
            showCorporate={false}
          />
        )}
      </ListResults>
    </Stack>
  );
}

/**
 * `/corporate/students/profile/:id`: one of the corporate's students; removing them from the
 * corporate asks for confirmation first (spec §4).
 */
export function CorporateStudentProfilePage() {
  const { t } = useTranslation('students');
  const { language } = useLanguage();
  const { errorMessage } = useMessages();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const query = useQuery(studentQuery('corporate', id));
  const remove = useRemoveCorporateStudentMutation();
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} notFoundText={t('notFound')} />
    );
  const student = query.data;
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: t('corporate.removeTitle'),
      children: (
        <Stack gap="xs">
          <Text size="sm" fw={700} data-user-data>
            {nameIn(student, language)}
          </Text>
          <Text size="sm">{t('corporate.removeBody')}</Text>
        </Stack>
      ),
      labels: { confirm: t('corporate.confirmRemove'), cancel: t('hold.cancel') },
      confirmProps: { color: 'red.8' },
      closeButtonProps: { 'aria-label': t('hold.cancel') },
      onConfirm: () =>
        remove.mutate(student.id, {
          onSuccess: (result) => {
            notifySuccess(result.message);
            navigate('/corporate/students');
          },
          onError: (error) => notifyError(errorMessage(error)),
        }),
    });

  return (
    <Stack gap="md" maw={1080}>
      <StudentHeader
        student={student}
        actions={
          student.abilities.remove && (
            <Button
              variant="default"
              color="red.8"
              leftSection={<IconUserMinus size={18} aria-hidden />}
              onClick={confirmRemove}
              loading={remove.isPending}
              disabled={remove.isPending}
            >
              {t('corporate.remove')}
            </Button>
          )
        }
      />
      <Text size="sm" c="gray.7" data-testid="photo-status">
        {student.photoFileId ? t('corporate.photoOnFile') : t('corporate.noPhoto')}
      </Text>
      <StudentDetails student={student} />
    </Stack>
  );
}

/** `/corporate/students/add-new-student`: a worker of the corporate's own, always placed under it. */
export function CorporateAddStudentPage() {
  const { t } = useTranslation('students');
  const { errorMessage } = useMessages();
  const navigate = useNavigate();
  const add = useAddCorporateStudentMutation();
  const submit = async (body: StudentBody) => {
    try {
      const saved = await add.mutateAsync(body);
      notifySuccess(saved.message);
      navigate(`/corporate/students/profile/${saved.id}`);
    } catch (error) {
      notifyError(errorMessage(error));
      throw error;
    }
  };
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h2">
        {t('corporate.addTitle')}
      </Title>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <StudentForm
          scope="corporate"
          submitting={add.isPending}
          cancelTo="/corporate/students"
          onSubmit={submit}
        />
      </Paper>
    </Stack>
  );
}
