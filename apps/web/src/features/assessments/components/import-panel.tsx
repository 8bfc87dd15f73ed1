import { Alert, Button, FileInput, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import type { ImportRowError, TrainingLanguage } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { downloadBank, useImportBankMutation } from '../api.ts';

function rowsOf(error: unknown): ImportRowError[] {
  if (!(error instanceof ApiError) || error.code !== 'IMPORT_ROWS_INVALID') return [];
  const rows = error.data?.rows;
  return Array.isArray(rows) ? (rows as ImportRowError[]) : [];
}

/** A bank's spreadsheet: export it, import one (append or replace) with the row-by-row report of a refusal. */
export function ImportPanel({
  examId,
  language,
  canEdit,
}: {
  examId: number;
  language: TrainingLanguage;
  canEdit: boolean;
}) {
  const { t } = useTranslation('assessments');
  const { language: ui } = useLanguage();
  const { errorMessage } = useMessages();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<'append' | 'replace'>('append');
  const [report, setReport] = useState<ImportRowError[]>([]);
  const [exporting, setExporting] = useState(false);
  const importBank = useImportBankMutation(examId, language);

  const send = async () => {
    if (!file) return;
    setReport([]);
    try {
      const result = await importBank.mutateAsync({ file, mode });
      notifySuccess(result.message);
      setFile(null);
    } catch (error) {
      notifyError(errorMessage(error));
      setReport(rowsOf(error));
    }
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Button
          variant="default"
          loading={exporting}
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => {
            setExporting(true);
            downloadBank(examId, language)
              .catch((error: unknown) => notifyError(errorMessage(error)))
              .finally(() => setExporting(false));
          }}
        >
          {t('sheet.export')}
        </Button>
        {canEdit && (
          <>
            <FileInput
              label={t('sheet.file')}
              description={t('sheet.fileHint')}
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={setFile}
              clearable
              w={260}
            />
            <SegmentedControl
              aria-label={t('sheet.mode')}
              value={mode}
              onChange={(value) => setMode(value as 'append' | 'replace')}
              data={[
                { value: 'append', label: t('sheet.append') },
                { value: 'replace', label: t('sheet.replace') },
              ]}
            />
            <Button
              leftSection={<IconFileImport size={16} aria-hidden />}
              disabled={!file}
              loading={importBank.isPending}
              onClick={() => void send()}
            >
              {t('sheet.import')}
            </Button>
          </>
        )}
      </Group>
      {canEdit && (
        <Text size="xs" c="gray.7">
          {mode === 'append' ? t('sheet.appendHint') : t('sheet.replaceHint')}
        </Text>
      )}
      {report.length > 0 && (
        <Alert color="red" title={t('sheet.reportTitle')} role="alert">
          <Table.ScrollContainer minWidth={420}>
            <Table data-testid="import-report">
              <Table.Caption>{t('sheet.reportCaption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('sheet.row')}</Table.Th>
                  <Table.Th scope="col">{t('sheet.column')}</Table.Th>
                  <Table.Th scope="col">{t('sheet.problem')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.map((row) => (
                  <Table.Tr key={`${row.row}-${row.column}-${row.code}`}>
                    <Table.Td>{formatNumber(row.row, ui)}</Table.Td>
                    <Table.Td dir="ltr" lang="en">
                      {row.column}
                    </Table.Td>
                    <Table.Td>{row.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Alert>
      )}
    </Stack>
  );
}
