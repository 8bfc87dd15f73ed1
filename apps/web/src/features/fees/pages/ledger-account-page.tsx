import { Anchor, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { LedgerAccount } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Detail } from '../../../components/details.tsx';
import { useSaveThen } from '../../../components/form/use-save-then.ts';
import { QueryView } from '../../../components/query-view.tsx';
import { useCan } from '../../auth/use-can.ts';
import { ledgerAccountQuery, useSaveLedgerAccountMutation } from '../api.ts';
import { LEDGER_FIELDS, LedgerForm } from '../components/ledger-form.tsx';

function EditLedger({ account }: { account: LedgerAccount }) {
  const save = useSaveLedgerAccountMutation(account.id);
  // The account stays on screen, as saved.
  const submit = useSaveThen(save.mutateAsync, () => undefined);
  return <LedgerForm account={account} submitting={save.isPending} onSubmit={submit} />;
}

function LedgerDetails({ account }: { account: LedgerAccount }) {
  const { t } = useTranslation('fees');
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} m={0}>
      {LEDGER_FIELDS.map((name) => (
        <Detail key={name} label={t(`ledger.fields.${name}`)}>
          <span data-user-data>{account[name]}</span>
        </Detail>
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
  return (
    <QueryView query={query} notFoundText={t('ledger.notFound')}>
      {(account) => (
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
            {canEdit ? (
              <EditLedger key={account.id} account={account} />
            ) : (
              <LedgerDetails account={account} />
            )}
          </Paper>
        </Stack>
      )}
    </QueryView>
  );
}
