import { Anchor, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { REFUND_STATUSES, type RefundRequest } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListChoiceFilter, ListFilters } from '../../../components/list/list-filters.tsx';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { useListState } from '../../../components/list/use-list-state.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { centreDateTimeFormat, formatSar, nameInOrOther } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { refundCountQuery, refundListQuery } from '../api.ts';
import { CardPayoutStatus, RetryPayoutButton } from '../components/card-payout.tsx';
import { RefundDecision } from '../components/refund-decision.tsx';

const STATUS_TONE = { pending: 'warning', approved: 'positive', rejected: 'negative' } as const;

/**
 * Finance's refund-payment (students' payments) and refund-corporate (corporates'): the refund
 * requests, searched by payer and filtered by status; each pending one is approved or rejected
 * as its `abilities` say (the refunds policy: finance with edit, never the requester).
 */
export function RefundsListPage({ payerKind }: { payerKind: 'student' | 'corporate' }) {
  const { t } = useTranslation(['refunds', 'messages']);
  const list = useListState<{ status: '' | RefundRequest['status'] }>({ status: '' });
  const params = { ...list.params, payerKind };
  const query = useQuery(refundListQuery(params));
  const count = useQuery(refundCountQuery(params));
  const title = t(payerKind === 'corporate' ? 'refunds:list.corporateTitle' : 'refunds:list.studentTitle');

  return (
    <Stack gap="md">
      <ListHeader title={title} />
      <ListFilters
        list={list}
        columns={2}
        search={{
          label: t('refunds:list.search'),
          hint: t(payerKind === 'corporate' ? 'refunds:list.corporateHint' : 'refunds:list.studentHint'),
        }}
      >
        <ListChoiceFilter
          list={list}
          name="status"
          label={t('refunds:list.status')}
          allLabel={t('refunds:list.allStatuses')}
          options={REFUND_STATUSES.map((value) => ({ value, label: t(`refunds:status.${value}`) }))}
        />
      </ListFilters>
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(shown, total) => t('refunds:list.count', { count: shown, total })}
        noneText={t('refunds:list.none')}
        noMatchText={t('refunds:list.noMatch')}
        pagesLabel={t('refunds:list.pages')}
        totalTestId="refund-total-count"
      >
        {(items) => <RefundTable caption={title} items={items} payerKind={payerKind} />}
      </ListResults>
    </Stack>
  );
}

const COLUMNS = [
  'date',
  'payer',
  'number',
  'amount',
  'payout',
  'reason',
  'requestedBy',
  'status',
  'actions',
] as const;

function RefundTable({
  caption,
  items,
  payerKind,
}: {
  caption: string;
  items: RefundRequest[];
  payerKind: 'student' | 'corporate';
}) {
  const { t } = useTranslation('refunds');
  const { language } = useLanguage();
  const when = centreDateTimeFormat(language);
  const columns = COLUMNS.map((column) =>
    column === 'number' ? t(payerKind === 'corporate' ? 'list.cr' : 'list.idNumber') : t(`list.${column}`),
  );
  return (
    <ListTable caption={caption} minWidth={960} columns={columns}>
      {items.map((request) => (
        <Table.Tr key={request.id} data-testid={`refund-${request.id}`}>
          <Table.Td>{when.format(new Date(request.createdAt))}</Table.Td>
          <Table.Td data-user-data>
            <Anchor component={Link} to={`/admin/all-payments/${request.paymentId}`}>
              {nameInOrOther({ nameEn: request.payerName, nameAr: request.payerNameAr }, language)}
            </Anchor>
          </Table.Td>
          <Table.Td data-user-data>{request.payerNumber}</Table.Td>
          <Table.Td>{formatSar(request.amount, language)}</Table.Td>
          <Table.Td>
            {request.payout === 'balance'
              ? t('payout.balance')
              : t(`payout.original_${request.paymentMethod}`)}
          </Table.Td>
          <Table.Td data-user-data>
            <Text size="sm" lineClamp={2}>
              {request.reason}
            </Text>
            {request.decisionNote && (
              <Text size="xs" c="dimmed">
                {t('list.decisionNote', { note: request.decisionNote })}
              </Text>
            )}
          </Table.Td>
          <Table.Td data-user-data>
            {nameInOrOther({ nameEn: request.requestedByName, nameAr: request.requestedByNameAr }, language)}
          </Table.Td>
          <Table.Td>
            <Stack gap={4} align="flex-start">
              <StatusBadge tone={STATUS_TONE[request.status]}>{t(`status.${request.status}`)}</StatusBadge>
              <CardPayoutStatus request={request} />
            </Stack>
          </Table.Td>
          <Table.Td>
            {request.abilities.approve || request.abilities.reject ? (
              <RefundDecision request={request} />
            ) : request.creditNoteNumber ? (
              <Stack gap={4} align="flex-start">
                <Text size="sm">
                  {t('list.creditNote')}{' '}
                  <Text span inherit dir="ltr" style={{ whiteSpace: 'nowrap' }} data-user-data>
                    {request.creditNoteNumber}
                  </Text>
                </Text>
                {request.abilities.retryPayout && <RetryPayoutButton request={request} />}
              </Stack>
            ) : (
              <Text c="dimmed">—</Text>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

export function StudentRefundsPage() {
  return <RefundsListPage payerKind="student" />;
}

export function CorporateRefundsPage() {
  return <RefundsListPage payerKind="corporate" />;
}
