import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { LedgerAccount } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useCan } from '../../auth/use-can.ts';
import { type LedgerBody, ledgerAccountQuery, useSaveLedgerAccountMutation } from '../api.ts';
import { LEDGER_FIELDS, LedgerForm } from '../components/ledger-form.tsx';

function EditLedger({ account }: { account: LedgerAccount }) {
  const { t } = useTranslation('fees');
  const { errorMessage } = useMessages();
  const save = useSaveLedgerAccountMutation(account.id);
  const submit = async (body: LedgerBody) => {
    try {
      const saved = await save.mutateAsync(body);
      notifySuccess(saved.message);
    } catch (error) {
      notifyError(errorMessage(error));
      throw error;
    }
  };
  return (
    <LedgerForm
      account={account}
      submitting={save.isPending}
      submitLabel={t('form.save')}
      onSubmit={submit}
    />
  );
}

function LedgerDetails({ account }: { account: LedgerAccount }) {
  const { t } = useTranslation('fees');
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} m={0}>
      {LEDGER_FIELDS.map((name) => (
        <div key={name}>
          <Text component="dt" size="sm" c="gray.7">
            {t(`ledger.fields.${name}`)}
          </Text>
          <Text component="dd" fw={600} m={0} data-user-data>
            {account[name]}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** `/admin/ledger-setup/:id` (read_10): one ledger account; edited here by those who hold edit_10. */
export function LedgerAccountPage() {
  const { t } = useTranslation('fees');
  const { id = '' } = useParams();
  const canEdit = useCan('edit_10');
  const query = useQuery(ledgerAccountQuery(id));
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState
        error={query.error}
        onRetry={() => void query.refetch()}
        notFoundText={t('ledger.notFound')}
      />
    );
  const account = query.data;
  return (
    <Stack gap="md" maw={960}>
      <div>
        <Title order={1} size="h2">
          {canEdit ? t('ledger.editTitle') : t('ledger.viewTitle')}
        </Title>
        <Anchor component={Link} to="/admin/ledger-setup" size="sm">
          {t('ledger.back')}
        </Anchor>
      </div>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        {canEdit ? <EditLedger key={account.id} account={account} /> : <LedgerDetails account={account} />}
      </Paper>
    </Stack>
  );
}
