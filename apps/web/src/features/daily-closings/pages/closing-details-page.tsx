import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { notifyError } from '../../../components/notify.ts';
import { QueryView } from '../../../components/query-view.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { centreDateTimeFormat, formatSar, nameIn, nameInOrOther } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { closingQuery, openDepositSlip } from '../api.ts';
import { ClosingDay, FigureRow } from '../components/closing-day.tsx';
import { differenceTone, STATUS_TONE } from './closing-list-page.tsx';

/** `daily-closing/{id}`: a closing's system totals, what the closer entered, the difference, the slip. */
export function ClosingDetailsPage() {
  const { t } = useTranslation(['daily-closings', 'messages']);
  const { language } = useLanguage();
  const { errorMessage } = useMessages();
  const { id = '' } = useParams();
  const query = useQuery(closingQuery(id));
  const when = centreDateTimeFormat(language);
  const sar = (halalas: number) => formatSar(halalas, language);
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        {t('daily-closings:details.title')}
      </Title>
      <QueryView query={query} notFoundText={t('daily-closings:details.notFound')}>
        {(closing) => (
          <Paper withBorder p="lg" radius="md">
            <Stack gap="md">
              <Group justify="space-between">
                <ClosingDay day={closing.day} />
                <StatusBadge tone={STATUS_TONE[closing.status]}>
                  {t(`daily-closings:status.${closing.status}`)}
                </StatusBadge>
              </Group>
              <Stack component="dl" gap={6} m={0}>
                <FigureRow
                  label={t('daily-closings:list.branch')}
                  value={nameIn({ nameEn: closing.branchNameEn, nameAr: closing.branchNameAr }, language)}
                />
                <FigureRow label={t('daily-closings:method.cash')} value={sar(closing.system.cash)} />
                <FigureRow label={t('daily-closings:method.pos')} value={sar(closing.system.pos)} />
                <FigureRow label={t('daily-closings:method.card')} value={sar(closing.system.card)} />
                <FigureRow label={t('daily-closings:method.wire')} value={sar(closing.system.wire)} />
                <FigureRow label={t('daily-closings:list.refunds')} value={sar(closing.system.refunds)} />
                <FigureRow
                  label={t('daily-closings:list.systemTotal')}
                  value={sar(closing.system.total)}
                  strong
                />
                <FigureRow label={t('daily-closings:form.totalAmount')} value={sar(closing.totalAmount)} />
                <FigureRow label={t('daily-closings:form.cashRevenue')} value={sar(closing.cashRevenue)} />
                <FigureRow label={t('daily-closings:form.cardRevenue')} value={sar(closing.cardRevenue)} />
                <FigureRow label={t('daily-closings:form.cashAmount')} value={sar(closing.cashAmount)} />
                <FigureRow
                  label={t('daily-closings:list.difference')}
                  value={sar(closing.difference)}
                  strong
                  tone={differenceTone(closing.difference)}
                />
                <FigureRow
                  label={t('daily-closings:form.depositAmount')}
                  value={sar(closing.depositAmount)}
                />
                <FigureRow
                  label={t('daily-closings:form.bankName')}
                  value={closing.bankName ?? '—'}
                  userData
                />
                {closing.note ? (
                  <FigureRow label={t('daily-closings:form.note')} value={closing.note} userData />
                ) : null}
                <FigureRow
                  label={t('daily-closings:details.createdBy')}
                  value={nameInOrOther(
                    { nameEn: closing.createdByName, nameAr: closing.createdByNameAr },
                    language,
                  )}
                  userData
                />
                {closing.finishedAt ? (
                  <FigureRow
                    label={t('daily-closings:details.finishedAt')}
                    value={`${when.format(new Date(closing.finishedAt))} — ${nameInOrOther({ nameEn: closing.finishedByName ?? '', nameAr: closing.finishedByNameAr ?? '' }, language)}`}
                    userData
                  />
                ) : null}
              </Stack>
              <Group>
                {closing.hasDepositSlip ? (
                  <Button
                    variant="light"
                    onClick={() =>
                      openDepositSlip(closing.id).catch((error) => notifyError(errorMessage(error)))
                    }
                  >
                    {t('daily-closings:details.openSlip')}
                  </Button>
                ) : null}
                {closing.abilities.uploadSlip ? (
                  <Button component={Link} to={`/admin/daily-closing/${closing.id}/upload`}>
                    {t('daily-closings:wizard.uploadStep')}
                  </Button>
                ) : null}
                {closing.abilities.finish ? (
                  <Button component={Link} to={`/admin/daily-closing/${closing.id}/finish`}>
                    {t('daily-closings:wizard.finishStep')}
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </Paper>
        )}
      </QueryView>
    </Stack>
  );
}
