import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconListDetails, IconPencil, IconPlayerTrackNext, IconReportAnalytics } from '@tabler/icons-react';
import type { Course } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Detail, NotSet, RecordHeader } from '../../../components/details.tsx';
import { ActiveBadge, StatusBadge } from '../../../components/status-badge.tsx';
import { formatNumber, formatSar, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { CourseImage } from '../components/course-image.tsx';
import { setupKey, setupTone } from '../components/course-labels.ts';
import { CourseLoader } from '../components/course-loader.tsx';

function Actions({ course }: { course: Course }) {
  const { t } = useTranslation('courses');
  if (!course.abilities.edit) return null;
  const unfinished = course.wizardStep !== 'exam';
  const nextStep = course.wizardStep === 'details' ? 'sessions' : 'exam';
  return (
    <>
      {unfinished && (
        <Button
          component={Link}
          to={`/admin/add-new-course/${nextStep}/${course.id}`}
          leftSection={<IconPlayerTrackNext size={18} aria-hidden />}
        >
          {t('view.continue')}
        </Button>
      )}
      {course.abilities.editCourse && (
        <Button
          variant={unfinished ? 'default' : 'filled'}
          component={Link}
          to={`/admin/edit-course/${course.id}`}
          leftSection={<IconPencil size={18} aria-hidden />}
        >
          {t('view.edit')}
        </Button>
      )}
      <Button
        variant="default"
        component={Link}
        to={`/admin/add-new-course/sessions/${course.id}`}
        leftSection={<IconListDetails size={18} aria-hidden />}
      >
        {t('view.editSessions')}
      </Button>
      {!unfinished && (
        <Button
          variant="default"
          component={Link}
          to={`/admin/add-new-course/exam/${course.id}`}
          leftSection={<IconReportAnalytics size={18} aria-hidden />}
        >
          {t('view.editExam')}
        </Button>
      )}
    </>
  );
}

function CourseView({ course }: { course: Course }) {
  const { t } = useTranslation('courses');
  const { language } = useLanguage();
  const number = (value: number) => formatNumber(value, language);
  const { breakdown } = course.fee;

  return (
    <Stack gap="md" maw={1040}>
      <RecordHeader named={course}>
        <Actions course={course} />
      </RecordHeader>

      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Group align="flex-start" gap="xl" wrap="wrap">
          <CourseImage
            courseId={course.id}
            fileId={course.imageFileId}
            alt={t('view.image', { name: nameIn(course, language) })}
            noImageText={t('view.noImage')}
            width={240}
            height={150}
          />
          <Stack gap="md" style={{ flex: 1, minWidth: 260 }}>
            <Title order={2} size="h4">
              {t('view.details')}
            </Title>
            <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} m={0}>
              <Detail label={t('view.sector')}>{t(`sectors.${course.sector}`)}</Detail>
              <Detail label={t('view.language')}>{t(`languages.${course.language}`)}</Detail>
              <Detail label={t('view.level')}>{t(`levels.${course.level}`)}</Detail>
              <Detail label={t('view.status')}>
                <ActiveBadge active={course.status === 'active'} />
              </Detail>
              <Detail label={t('view.setup')}>
                <StatusBadge tone={setupTone(course)}>{t(setupKey(course))}</StatusBadge>
              </Detail>
            </SimpleGrid>
            <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} m={0}>
              <Detail label={t('view.descriptionEn')}>
                {course.descriptionEn ? (
                  <Text span inherit fw={400} lang="en" data-user-data>
                    {course.descriptionEn}
                  </Text>
                ) : (
                  <NotSet />
                )}
              </Detail>
              <Detail label={t('view.descriptionAr')}>
                {course.descriptionAr ? (
                  <Text span inherit fw={400} lang="ar" data-user-data>
                    {course.descriptionAr}
                  </Text>
                ) : (
                  <NotSet />
                )}
              </Detail>
            </SimpleGrid>
          </Stack>
        </Group>
      </Paper>

      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} size="h4" mb="md">
          {t('view.fees')}
        </Title>
        <SimpleGrid component="dl" cols={{ base: 2, md: 5 }} m={0}>
          <Detail label={t('view.feeSetup')}>
            <span data-user-data>{nameIn(course.fee, language)}</span>
          </Detail>
          <Detail label={t('view.originalFee')}>{formatSar(breakdown.originalFee, language)}</Detail>
          <Detail label={t('view.amanaFee')}>{formatSar(breakdown.amanaFee, language)}</Detail>
          <Detail label={t('view.vat')}>{formatSar(breakdown.vat, language)}</Detail>
          <Detail label={t('view.total')}>
            <span data-testid="course-fee-total">{formatSar(breakdown.total, language)}</span>
          </Detail>
        </SimpleGrid>
      </Paper>

      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} size="h4" mb="md">
          {t('view.sessions')}
        </Title>
        {course.sessions.length === 0 ? (
          <Text c="gray.7">{t('view.noSessions')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped withTableBorder>
              <Table.Caption>{t('view.sessionsCaption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('view.number')}</Table.Th>
                  <Table.Th>{t('view.title')}</Table.Th>
                  <Table.Th>{t('view.duration')}</Table.Th>
                  <Table.Th>{t('view.trainingType')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {course.sessions.map((session) => (
                  <Table.Tr key={session.position}>
                    <Table.Td>{number(session.position)}</Table.Td>
                    <Table.Td data-user-data>
                      {language === 'ar' ? session.titleAr : session.titleEn}
                    </Table.Td>
                    <Table.Td>{t('view.minutes', { minutes: number(session.durationMinutes) })}</Table.Td>
                    <Table.Td>{t(`trainingTypes.${session.trainingType}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Group justify="space-between" mb="md">
          <Title order={2} size="h4">
            {t('view.exam')}
          </Title>
          {course.exam && (
            <Anchor component={Link} to={`/admin/view-assessment/${course.exam.id}`}>
              {t('view.examBanks')}
            </Anchor>
          )}
        </Group>
        {course.exam ? (
          <SimpleGrid component="dl" cols={{ base: 2, md: 5 }} m={0} data-testid="course-exam">
            <Detail label={t('exam.questionCount')}>{number(course.exam.questionCount)}</Detail>
            <Detail label={t('exam.fullMarks')}>{number(course.exam.fullMarks)}</Detail>
            <Detail label={t('exam.passingMarks')}>{number(course.exam.passingMarks)}</Detail>
            <Detail label={t('exam.failedMarks')}>{number(course.exam.failedMarks)}</Detail>
            <Detail label={t('exam.duration')}>{number(course.exam.durationMinutes)}</Detail>
          </SimpleGrid>
        ) : (
          <Text c="gray.7">{t('view.noExam')}</Text>
        )}
      </Paper>
    </Stack>
  );
}

/** `/admin/view-course/:id` (read_6): everything about a course, with its image and fee total in SAR. */
export function CourseViewPage() {
  return <CourseLoader>{(course) => <CourseView course={course} />}</CourseLoader>;
}
