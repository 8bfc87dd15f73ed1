import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useAbility } from '../../auth/use-ability.ts';
import { type SessionListParams, sessionFormOptionsQuery, sessionsQuery } from '../api.ts';
import { useArea, viewPathOf } from '../area.ts';
import { type CalendarRange, SessionCalendar } from '../components/session-calendar.tsx';

type Kind = SessionListParams['kind'];

/** The staff filters: branch, course and type, from the form options (read_8). */
function StaffFilters({
  filters,
  onChange,
  kindFixed,
}: {
  filters: Omit<SessionListParams, 'from' | 'to'>;
  onChange: (filters: Omit<SessionListParams, 'from' | 'to'>) => void;
  kindFixed: boolean;
}) {
  const { t } = useTranslation('scheduling');
  const { language } = useLanguage();
  const options = useQuery(sessionFormOptionsQuery);
  const named = (items: { id: number; nameEn: string; nameAr: string }[] = []) =>
    items.map((item) => ({ value: String(item.id), label: nameIn(item, language) }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Select
        label={t('filters.branch')}
        placeholder={t('filters.allBranches')}
        data={named(options.data?.branches)}
        value={filters.branchId || null}
        onChange={(value) => onChange({ ...filters, branchId: value ?? '' })}
        clearable
      />
      <Select
        label={t('filters.course')}
        placeholder={t('filters.allCourses')}
        data={named(options.data?.courses)}
        value={filters.courseId || null}
        onChange={(value) => onChange({ ...filters, courseId: value ?? '' })}
        clearable
        searchable
      />
      <Select
        label={t('filters.type')}
        placeholder={t('filters.allTypes')}
        data={[
          { value: 'training', label: t('kind.training') },
          { value: 'exam', label: t('kind.exam') },
        ]}
        value={filters.kind || null}
        onChange={(value) => onChange({ ...filters, kind: (value ?? '') as Kind })}
        clearable={!kindFixed}
        disabled={kindFixed}
      />
    </SimpleGrid>
  );
}

/**
 * A calendar of sessions (spec §2 scheduling) for every area: staff see their scope's sessions
 * with filters and add buttons, instructors and examiners their own, students and corporates
 * those open for booking.
 */
function CalendarScreen({ kind = '' }: { kind?: Kind }) {
  const { t } = useTranslation('scheduling');
  const { errorMessage } = useMessages();
  const area = useArea();
  const isStaff = area === 'admin';
  const canCreate = useAbility('scheduling', 'create');
  const [range, setRange] = useState<CalendarRange | undefined>();
  const [filters, setFilters] = useState({ branchId: '', courseId: '', kind });
  const sessions = useQuery({
    ...sessionsQuery({ from: range?.from ?? '', to: range?.to ?? '', ...filters }),
    enabled: range !== undefined,
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t(`title.${area === 'admin' ? (kind ? kind : 'admin') : area}`)}
          </Title>
          <Text c="gray.7">{t('timeZoneNote')}</Text>
        </div>
        {isStaff && canCreate && (
          <Group gap="xs">
            <Button component={Link} to="/admin/add-training" leftSection={<IconPlus size={16} />}>
              {t('actions.addTraining')}
            </Button>
            <Button
              component={Link}
              to="/admin/add-exam"
              variant="light"
              leftSection={<IconPlus size={16} />}
            >
              {t('actions.addExam')}
            </Button>
          </Group>
        )}
      </Group>
      {isStaff && <StaffFilters filters={filters} onChange={setFilters} kindFixed={kind !== ''} />}
      {sessions.isError && (
        <Alert color="red" role="alert">
          {errorMessage(sessions.error, 'ERROR_FETCHING_DATA')}
        </Alert>
      )}
      <SessionCalendar
        sessions={sessions.data?.items ?? []}
        viewPathOf={(session) => viewPathOf(area, session)}
        onRangeChange={setRange}
      />
    </Stack>
  );
}

export function CalendarPage() {
  return <CalendarScreen />;
}

/** Admin instructor-scheduling: the training sessions only. */
export function TrainingCalendarPage() {
  return <CalendarScreen kind="training" />;
}

/** Admin examiner-scheduling: the exam sessions only. */
export function ExamCalendarPage() {
  return <CalendarScreen kind="exam" />;
}
