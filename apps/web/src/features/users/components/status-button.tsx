import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconUserCheck, IconUserOff } from '@tabler/icons-react';
import type { StaffUser } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useSetUserStatusMutation } from '../api.ts';

/** Deactivate (or reactivate) an account after a confirmation: accounts are never deleted. */
export function StatusButton({ user }: { user: StaffUser }) {
  const { t } = useTranslation('users');
  const { language } = useLanguage();
  const { errorMessage } = useMessages();
  const setStatus = useSetUserStatusMutation(user.id);
  const deactivating = user.status !== 'inactive';
  const name = nameIn(user, language);

  const confirm = () =>
    modals.openConfirmModal({
      title: deactivating ? t('status.deactivateTitle') : t('status.reactivateTitle'),
      children: (
        <Text size="sm">
          {deactivating ? t('status.deactivateBody', { name }) : t('status.reactivateBody', { name })}
        </Text>
      ),
      labels: {
        confirm: deactivating ? t('status.deactivate') : t('status.reactivate'),
        cancel: t('status.cancel'),
      },
      confirmProps: { color: deactivating ? 'red.8' : 'brand' },
      closeButtonProps: { 'aria-label': t('status.cancel') },
      onConfirm: () =>
        setStatus.mutate(deactivating ? 'inactive' : 'active', {
          onSuccess: (result) => notifySuccess(result.message),
          onError: (error) => notifyError(errorMessage(error)),
        }),
    });

  return (
    <Button
      variant="outline"
      color={deactivating ? 'red.8' : 'brand'}
      leftSection={
        deactivating ? <IconUserOff size={18} aria-hidden /> : <IconUserCheck size={18} aria-hidden />
      }
      loading={setStatus.isPending}
      disabled={setStatus.isPending}
      onClick={confirm}
    >
      {deactivating ? t('status.deactivate') : t('status.reactivate')}
    </Button>
  );
}
