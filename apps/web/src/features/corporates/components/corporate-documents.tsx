import { Button, FileButton, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconUpload } from '@tabler/icons-react';
import {
  CORPORATE_ATTACHMENT_KINDS,
  CORPORATE_ATTACHMENT_RULE,
  type Corporate,
  type CorporateAttachment,
} from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useUploadCorporateFileMutation } from '../api.ts';
import { CorporateFile } from './corporate-file.tsx';
import { FILE_TYPE_NAMES, fileProblemOf } from './corporate-form-model.ts';
import { storedFileOf } from './corporate-labels.ts';

/**
 * The corporate's optional copies: each opened from here; with `manage`, added or replaced at
 * once (a replacement is confirmed first, since the old copy is removed).
 */
export function CorporateDocuments({ corporate, manage }: { corporate: Corporate; manage: boolean }) {
  const { t } = useTranslation('corporates');
  const { t: tc } = useTranslation('common');
  const { message, errorMessage } = useMessages();
  const upload = useUploadCorporateFileMutation();
  const fileParams = { max: CORPORATE_ATTACHMENT_RULE.maxMegabytes, types: FILE_TYPE_NAMES };

  const send = (kind: CorporateAttachment, file: File) =>
    upload.mutate(
      { id: corporate.id, kind, file },
      {
        onSuccess: (saved) => notifySuccess(saved.message),
        onError: (error) => notifyError(errorMessage(error)),
      },
    );
  const choose = (kind: CorporateAttachment, file: File | null) => {
    if (!file) return;
    const problem = fileProblemOf(file);
    if (problem) {
      notifyError(message(problem, fileParams));
      return;
    }
    if (!storedFileOf(corporate, kind)) {
      send(kind, file);
      return;
    }
    modals.openConfirmModal({
      title: t('files.replaceTitle'),
      children: <Text size="sm">{t('files.replaceBody', { name: t(`files.${kind}`) })}</Text>,
      labels: { confirm: t('files.confirmReplace'), cancel: tc('form.cancel') },
      closeButtonProps: { 'aria-label': tc('form.cancel') },
      onConfirm: () => send(kind, file),
    });
  };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
      <Title order={2} size="h4" mb="md">
        {t('form.sections.files')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {CORPORATE_ATTACHMENT_KINDS.map((kind) => {
          const fileId = storedFileOf(corporate, kind);
          const label = t(`files.${kind}`);
          return (
            <Stack key={kind} gap="xs" data-testid={`corporate-${kind}`}>
              <Text size="sm" c="gray.7">
                {label}
              </Text>
              {fileId ? (
                <CorporateFile fileId={fileId} label={label} />
              ) : (
                <Text fw={600}>{t('files.none')}</Text>
              )}
              {manage && (
                <Group>
                  <FileButton
                    onChange={(file) => choose(kind, file)}
                    accept={CORPORATE_ATTACHMENT_RULE.types.join(',')}
                  >
                    {(props) => (
                      <Button
                        {...props}
                        variant="default"
                        size="sm"
                        leftSection={<IconUpload size={16} aria-hidden />}
                        loading={upload.isPending && upload.variables?.kind === kind}
                        disabled={upload.isPending}
                        aria-label={t(fileId ? 'files.replaceNamed' : 'files.uploadNamed', { name: label })}
                      >
                        {fileId ? t('files.replace') : t('files.upload')}
                      </Button>
                    )}
                  </FileButton>
                </Group>
              )}
            </Stack>
          );
        })}
      </SimpleGrid>
    </Paper>
  );
}
