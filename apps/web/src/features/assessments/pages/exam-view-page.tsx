import { Anchor, Button, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconListCheck, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { directionOfLanguage, type Exam } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Detail, NotSet, RecordHeader } from '../../../components/details.tsx';
import { QueryView } from '../../../components/query-view.tsx';
import { ActiveBadge } from '../../../components/status-badge.tsx';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { examQuery } from '../api.ts';
import { NATIVE_NAMES } from '../components/language-names.ts';

function ExamView({ exam, editorPath }: { exam: Exam; editorPath: string }) {
  const { t } = useTranslation('assessments');
  const { language } = useLanguage();
  const number = (value: number) => formatNumber(value, language);
  return (
    <Stack gap="md" maw={1040}>
      <RecordHeader
        named={{ nameEn: exam.titleEn, nameAr: exam.titleAr }}
        above={language === 'ar' ? exam.courseNameAr : exam.courseNameEn}
      >
        {exam.abilities.edit && (
          <Button
            component={Link}
            to={`/admin/edit-assessment/${exam.id}`}
            leftSection={<IconPencil size={18} aria-hidden />}
          >
            {t('view.edit')}
          </Button>
        )}
        <Button
          variant="default"
          component={Link}
          to={`${editorPath}/${exam.id}`}
          leftSection={<IconListCheck size={18} aria-hidden />}
        >
          {exam.abilities.editQuestions ? t('view.editQuestions') : t('view.questions')}
        </Button>
      </RecordHeader>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 4 }} m={0}>
          <Detail label={t('form.questionCount')}>{number(exam.questionCount)}</Detail>
          <Detail label={t('form.fullMarks')}>{number(exam.fullMarks)}</Detail>
          <Detail label={t('form.passingMarks')}>{number(exam.passingMarks)}</Detail>
          <Detail label={t('form.failedMarks')}>{number(exam.failedMarks)}</Detail>
          <Detail label={t('form.durationMinutes')}>
            {t('minutes', { count: exam.durationMinutes, value: number(exam.durationMinutes) })}
          </Detail>
          <Detail label={t('form.practicalMarks')}>
            {exam.practicalMarks === null ? <NotSet /> : number(exam.practicalMarks)}
          </Detail>
          <Detail label={t('form.review')}>{t(`review.${exam.review}`)}</Detail>
          <Detail label={t('form.status')}>
            <ActiveBadge active={exam.status === 'active'} />
          </Detail>
        </SimpleGrid>
      </Paper>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('view.banks')}
          </Title>
          <Text c="gray.7" size="sm">
            {t('view.banksHint', { count: exam.questionCount, value: number(exam.questionCount) })}
          </Text>
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('view.language')}</Table.Th>
                  <Table.Th scope="col">{t('view.active')}</Table.Th>
                  <Table.Th scope="col">{t('view.retired')}</Table.Th>
                  <Table.Th scope="col">{t('view.ready')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {exam.banks.map((bank) => (
                  <Table.Tr key={bank.language}>
                    <Table.Th scope="row">
                      <Anchor
                        component={Link}
                        to={`${editorPath}/${exam.id}?language=${bank.language}`}
                        lang={bank.language}
                        dir={directionOfLanguage(bank.language)}
                      >
                        {NATIVE_NAMES[bank.language]}
                      </Anchor>
                    </Table.Th>
                    <Table.Td>{number(bank.questionCount)}</Table.Td>
                    <Table.Td>{number(bank.retiredCount)}</Table.Td>
                    <Table.Td>
                      {bank.questionCount === 0
                        ? t('view.empty')
                        : bank.questionCount >= exam.questionCount
                          ? t('view.readyYes')
                          : t('view.readyNo')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** `/admin/view-assessment/:id` (read_6): an exam and its banks in every exam language. */
export function ExamViewPage() {
  const { t } = useTranslation('assessments');
  const { id = '' } = useParams();
  const query = useQuery(examQuery(id));
  return (
    <QueryView query={query} notFoundText={t('notFound')}>
      {(exam) => <ExamView exam={exam} editorPath="/admin/add-exam" />}
    </QueryView>
  );
}
