import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { LedgerAccount } from '@tasreeh/shared';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Detail } from '../../../components/details.tsx';
import { useSaveThen } from '../../../components/form/use-save-then.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { QueryView } from '../../../components/query-view.tsx';
import { useMessages } from '../../../i18n/use-messages.ts';
import { ledgerAccountQuery, useDeleteLedgerAccountMutation, useSaveLedgerAccountMutation } from '../api.ts';
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
      <Detail label={t('ledger.fields.role')}>
        {account.role ? t(`ledger.roles.${account.role}`) : t('ledger.noRole')}
      </Detail>
    </SimpleGrid>
  );
}

/** Deletes the account after a confirmation; the API refuses one the journal has posted to (409, shown). */
function DeleteLedger({ account }: { account: LedgerAccount }) {
  const { t } = useTranslation('fees');
  const { errorMessage } = useMessages();
  const navigate = useNavigate();
  const remove = useDeleteLedgerAccountMutation(account.id);
  const confirm = () =>
    modals.openConfirmModal({
      title: t('ledger.deleteTitle'),
      children: (
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="ledger.deleteBody"
            values={{ name: account.mainAccount }}
            components={{ name: <bdi data-user-data /> }}
          />
        </Text>
      ),
      labels: { confirm: t('ledger.confirmDelete'), cancel: t('ledger.cancel') },
      confirmProps: { color: 'red.8' },
      closeButtonProps: { 'aria-label': t('ledger.cancel') },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: (result) => {
            notifySuccess(result.message);
            void navigate('/admin/ledger-setup');
          },
          onError: (error) => notifyError(errorMessage(error)),
        }),
    });
  return (
    <Group justify="flex-end">
      <Button
        variant="outline"
        color="red.8"
        leftSection={<IconTrash size={16} aria-hidden />}
        loading={remove.isPending}
        onClick={confirm}
      >
        {t('ledger.delete')}
      </Button>
    </Group>
  );
}

/** `/admin/ledger-setup/:id` (read_10): one ledger account; edited here by those who hold edit_10. */
export function LedgerAccountPage() {
  const { t } = useTranslation('fees');
  const { id = '' } = useParams();
  const query = useQuery(ledgerAccountQuery(id));
  return (
    <QueryView query={query} notFoundText={t('ledger.notFound')}>
      {(account) => (
        <Stack gap="md" maw={960}>
          <div>
            <Title order={1} size="h2">
              {account.abilities.update ? t('ledger.editTitle') : t('ledger.viewTitle')}
            </Title>
            <Anchor component={Link} to="/admin/ledger-setup" size="sm">
              {t('ledger.back')}
            </Anchor>
          </div>
          <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
            {account.abilities.update ? (
              <EditLedger key={account.id} account={account} />
            ) : (
              <LedgerDetails account={account} />
            )}
          </Paper>
          {account.abilities.delete && <DeleteLedger account={account} />}
        </Stack>
      )}
    </QueryView>
  );
}
