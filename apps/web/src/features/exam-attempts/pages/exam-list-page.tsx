import { Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { EXAM_SESSION_TYPES, MY_EXAM_TABS, type MyExam, type MyExamTab } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ChoiceFilter, ListFilters } from '../../../components/list/list-filters.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { useListState } from '../../../components/list/use-list-state.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatCentreDateTime, formatNumber, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { bookableCoursesQuery } from '../../bookings/api.ts';
import { type MyExamListParams, myExamCountQuery, myExamListQuery } from '../api.ts';
import { CertificateButton } from '../components/outcome.tsx';

type Filters = Omit<MyExamListParams, 'cursor' | 'limit'>;

/** What a row offers: check in, start or continue, review, the certificate. */
function ExamActions({ exam, tab }: { exam: MyExam; tab: MyExamTab }) {
  const { t } = useTranslation('exam-attempts');
  const { attempt } = exam;
  if (tab === 'available') {
    if (attempt?.status === 'in_progress') {
      return (
        <Button size="lg" component={Link} to={`/student/exam/session/${exam.bookingId}`}>
          {t('list.continue')}
        </Button>
      );
    }
    if (!exam.checkinComplete) {
      return (
        <Button size="lg" component={Link} to={`/student/exam/check-out/${exam.bookingId}`}>
          {t('list.checkIn')}
        </Button>
      );
    }
    return (
      <Button size="lg" component={Link} to={`/student/exam/session/${exam.bookingId}`}>
        {t('list.start')}
      </Button>
    );
  }
  if (tab === 'past' && attempt?.status === 'submitted') {
    return (
      <Group>
        <Button size="lg" variant="light" component={Link} to={`/student/exam/session-review/${attempt.id}`}>
          {t('list.review')}
        </Button>
        {attempt.certificateId !== null && <CertificateButton certificateId={attempt.certificateId} />}
      </Group>
    );
  }
  return null;
}

/** One exam as a card: large text, phone first. */
function ExamCard({ exam, tab }: { exam: MyExam; tab: MyExamTab }) {
  const { t } = useTranslation('exam-attempts');
  const { language } = useLanguage();
  const place =
    exam.session.delivery === 'remote'
      ? t('list.remote')
      : `${language === 'ar' ? exam.session.branchNameAr : exam.session.branchNameEn}${exam.session.classroom ? ` · ${exam.session.classroom}` : ''}`;
  const { attempt } = exam;
  return (
    <Paper
      withBorder
      p="lg"
      component="article"
      aria-label={language === 'ar' ? exam.courseNameAr : exam.courseNameEn}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={3} size="h3" data-user-data>
            {language === 'ar' ? exam.courseNameAr : exam.courseNameEn}
          </Title>
          <StatusBadge tone="neutral">{t(`examType.${exam.examType}`)}</StatusBadge>
        </Group>
        <Text fz="lg">{formatCentreDateTime(exam.session.startsAt, language)}</Text>
        <Text fz="lg" data-user-data>
          {place}
        </Text>
        {tab !== 'past' && (
          <Group>
            <StatusBadge tone={exam.checkinComplete ? 'positive' : 'neutral'}>
              {exam.checkinComplete ? t('list.checkedIn') : t('list.notCheckedIn')}
            </StatusBadge>
          </Group>
        )}
        {attempt?.status === 'submitted' && attempt.result !== null && (
          <Group>
            <StatusBadge tone={attempt.result === 'Passed' ? 'positive' : 'negative'}>
              {t(`result.${attempt.result}`)}
            </StatusBadge>
            {attempt.score !== null && (
              <Text fz="lg">{t('outcome.score', { score: formatNumber(attempt.score, language) })}</Text>
            )}
          </Group>
        )}
        <ExamActions exam={exam} tab={tab} />
      </Stack>
    </Paper>
  );
}

/** One tab: its own filters and pages (a new tab starts from its first page). */
function ExamTabList({ tab }: { tab: MyExamTab }) {
  const { t } = useTranslation('exam-attempts');
  const { message } = useMessages();
  const { language } = useLanguage();
  const list = useListState<Filters>({
    tab,
    sort: 'startsAt',
    order: tab === 'past' ? 'desc' : 'asc',
    courseId: '',
    examType: '',
    from: '',
    to: '',
  });
  const courses = useQuery(bookableCoursesQuery);
  const query = useQuery(myExamListQuery(list.params));
  const count = useQuery(myExamCountQuery(list.params));
  const none = message('NO_EXAMS_FOUND');
  return (
    <Stack gap="md" pt="md">
      <ListFilters list={list} columns={4}>
        {courses.isSuccess && (
          <ChoiceFilter
            label={t('list.course')}
            allLabel={t('list.allCourses')}
            searchable
            options={courses.data.items.map((course) => ({
              value: String(course.id),
              label: nameIn(course, language),
            }))}
            value={list.filters.courseId}
            onChange={(value) => list.setFilter('courseId', value)}
          />
        )}
        <ChoiceFilter
          label={t('list.examType')}
          allLabel={t('list.allExamTypes')}
          options={EXAM_SESSION_TYPES.map((type) => ({ value: type, label: t(`examType.${type}`) }))}
          value={list.filters.examType}
          onChange={(value) => list.setFilter('examType', value)}
        />
        <TextInput
          type="date"
          label={t('list.from')}
          value={list.filters.from}
          onChange={(event) => list.setFilter('from', event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('list.to')}
          value={list.filters.to}
          onChange={(event) => list.setFilter('to', event.currentTarget.value)}
        />
      </ListFilters>
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(shown, total) => t('list.count', { count: shown, total })}
        noneText={none}
        noMatchText={none}
        pagesLabel={t('list.pages')}
        totalTestId="exam-total-count"
      >
        {(items) => (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {items.map((exam) => (
              <ExamCard key={exam.bookingId} exam={exam} tab={tab} />
            ))}
          </SimpleGrid>
        )}
      </ListResults>
    </Stack>
  );
}

function isTab(value: string | null): value is MyExamTab {
  return MY_EXAM_TABS.some((tab) => tab === value);
}

/** `/student/exam`: the candidate's exams in three tabs, available, upcoming and past (spec §2). */
export function ExamListPage() {
  const { t } = useTranslation('exam-attempts');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: MyExamTab = isTab(requested) ? requested : 'available';
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('list.title')}
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => {
          if (isTab(value)) setSearchParams({ tab: value }, { replace: true });
        }}
      >
        <Tabs.List>
          {MY_EXAM_TABS.map((name) => (
            <Tabs.Tab key={name} value={name} fz="lg">
              {t(`tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {MY_EXAM_TABS.map((name) => (
          <Tabs.Panel key={name} value={name}>
            {name === tab && <ExamTabList tab={name} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
