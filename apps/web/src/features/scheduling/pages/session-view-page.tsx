import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { CENTRE_TIME_ZONE, type SessionDetail, type SessionEditScope } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Detail, DetailSection } from '../../../components/details.tsx';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { QueryView } from '../../../components/query-view.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { dateTimeFormat, formatNumber, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { sessionQuery, useCancelSessionMutation } from '../api.ts';
import { bookingPathOf, useArea } from '../area.ts';
import { SeriesScopeField } from '../components/series-scope-field.tsx';

/** The cancel dialog's text, and for a session of a series the question which sessions it cancels. */
function CancelQuestion({
  inSeries,
  onScope,
}: {
  inSeries: boolean;
  onScope: (scope: SessionEditScope) => void;
}) {
  const { t } = useTranslation('scheduling');
  const [scope, setScope] = useState<SessionEditScope>('one');
  return (
    <Stack gap="md">
      <Text size="sm">{t('view.cancelBody')}</Text>
      {inSeries && (
        <SeriesScopeField
          action="cancel"
          value={scope}
          onChange={(chosen) => {
            setScope(chosen);
            onScope(chosen);
          }}
        />
      )}
    </Stack>
  );
}

function SessionActions({ session }: { session: SessionDetail }) {
  const { t } = useTranslation('scheduling');
  const { errorMessage } = useMessages();
  const area = useArea();
  const cancel = useCancelSessionMutation(session.id);
  const booking = bookingPathOf(area, session.id);
  const editPath = `/admin/${session.kind === 'exam' ? 'edit-exam' : 'edit-training'}/${session.id}`;
  const confirmCancel = () => {
    let scope: SessionEditScope = 'one';
    modals.openConfirmModal({
      title: t('view.cancelTitle'),
      children: (
        <CancelQuestion
          inSeries={session.seriesId !== null}
          onScope={(chosen) => {
            scope = chosen;
          }}
        />
      ),
      labels: { confirm: t('view.confirmCancel'), cancel: t('view.keep') },
      confirmProps: { color: 'red.8' },
      onConfirm: () =>
        cancel.mutate(scope, {
          onSuccess: (result) => notifySuccess(result.message),
          onError: (error) => notifyError(errorMessage(error)),
        }),
    });
  };
  return (
    <Group gap="xs">
      {booking && session.abilities.book && (
        <Button component={Link} to={booking}>
          {t('view.book')}
        </Button>
      )}
      {area === 'admin' && session.abilities.edit && (
        <Button component={Link} to={editPath} variant="light">
          {t('view.edit')}
        </Button>
      )}
      {area === 'admin' && session.abilities.cancel && (
        <Button color="red.8" variant="outline" onClick={confirmCancel} loading={cancel.isPending}>
          {t('view.cancel')}
        </Button>
      )}
      {session.kind === 'exam' && (area === 'admin' || area === 'examiner') && (
        <Button component={Link} to={`/${area}/exam-live/${session.id}`} variant="light">
          {t('view.liveView')}
        </Button>
      )}
      <Button component={Link} to={`/${area}/scheduling`} variant="default">
        {t('view.backToCalendar')}
      </Button>
    </Group>
  );
}

/** One session's details (spec §2 view-exam/{id}, view-training/{id}), with Book for students and corporates. */
function SessionView({ session }: { session: SessionDetail }) {
  const { t } = useTranslation(['scheduling', 'courses']);
  const { language } = useLanguage();
  const gregorian = dateTimeFormat(language, {
    dateStyle: 'full',
    calendar: 'gregory',
    timeZone: CENTRE_TIME_ZONE,
  });
  const hijri = dateTimeFormat(language, {
    dateStyle: 'long',
    calendar: 'islamic-umalqura',
    timeZone: CENTRE_TIME_ZONE,
  });
  const time = dateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: CENTRE_TIME_ZONE,
  });
  const start = new Date(session.startsAt);
  const end = new Date(session.endsAt);
  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {t(session.kind === 'exam' ? 'view.examTitle' : 'view.trainingTitle')}
          </Title>
          <Text c="gray.7" data-user-data>
            {nameIn(session.course, language)}
          </Text>
        </div>
        <StatusBadge tone={session.status === 'cancelled' ? 'neutral' : 'positive'}>
          {t(`status.${session.status}`)}
        </StatusBadge>
      </Group>
      <DetailSection title={t('view.when')}>
        <Detail label={t('view.date')}>{gregorian.format(start)}</Detail>
        <Detail label={t('view.hijriDate')}>{hijri.format(start)}</Detail>
        <Detail label={t('view.time')}>
          <bdi>{`${time.format(start)} – ${time.format(end)}`}</bdi>
        </Detail>
      </DetailSection>
      <DetailSection title={t('view.details')}>
        {session.examType && <Detail label={t('form.examType')}>{t(`examType.${session.examType}`)}</Detail>}
        <Detail label={t('form.branch')}>{nameIn(session.branch, language)}</Detail>
        <Detail label={session.kind === 'exam' ? t('form.examDelivery') : t('form.delivery')}>
          {t(`delivery.${session.delivery}`)}
        </Detail>
        {session.room && (
          <Detail label={t('form.room')}>
            <bdi data-user-data>{session.room.name}</bdi>
          </Detail>
        )}
        <Detail label={session.kind === 'exam' ? t('form.examLanguage') : t('form.language')}>
          {t(`courses:languages.${session.language}`)}
        </Detail>
        <Detail label={session.kind === 'exam' ? t('form.examiner') : t('form.instructor')}>
          {session.staff ? nameIn(session.staff, language) : '—'}
        </Detail>
        <Detail label={t('view.seats')}>
          {t('view.seatsLeft', {
            left: formatNumber(session.seatsLeft, language),
            capacity: formatNumber(session.capacity, language),
          })}
        </Detail>
      </DetailSection>
      <SessionActions session={session} />
    </Stack>
  );
}

export function SessionViewPage() {
  const { t } = useTranslation('scheduling');
  const { id = '' } = useParams();
  const session = useQuery(sessionQuery(id));
  return (
    <QueryView query={session} notFoundText={t('notFound')}>
      {(data) => <SessionView session={data} />}
    </QueryView>
  );
}
