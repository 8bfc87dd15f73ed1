import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { MessageCode, StudentProfile } from '@tasreeh/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { branchOptionsQuery, useTransferMutation } from '../api.ts';
import { CorporatePicker, type PickedCorporate } from './corporate-picker.tsx';

type TransferField = 'branchId' | 'corporateId' | 'reason';
type Issues = Partial<Record<TransferField | 'target', MessageCode>>;

/** Why a transfer cannot be sent yet: no reason, no branch, or nothing changes. */
export function transferIssues(
  student: Pick<StudentProfile, 'branch' | 'corporate'>,
  target: { branchId: string; corporateId: string; reason: string },
): Issues {
  const issues: Issues = {};
  if (!target.branchId) issues.branchId = 'SELECT_BRANCH';
  const sameBranch = target.branchId === String(student.branch?.id ?? '');
  const sameCorporate = target.corporateId === String(student.corporate?.id ?? '');
  if (target.branchId && sameBranch && sameCorporate) issues.target = 'SELECT_TRANSFER_TARGET';
  if (!target.reason.trim()) issues.reason = 'ENTER_REASON';
  return issues;
}

/**
 * Transfer a student (student-transfer, or from the profile): the target branch and corporate
 * (or none), a reason, then a summary to confirm before anything moves.
 */
export function TransferForm({ student, onDone }: { student: StudentProfile; onDone: () => void }) {
  const { t } = useTranslation('students');
  const { language } = useLanguage();
  const { message, errorMessage } = useMessages();
  const branches = useQuery(branchOptionsQuery);
  const transfer = useTransferMutation();
  const [branchId, setBranchId] = useState(String(student.branch?.id ?? ''));
  const [corporateId, setCorporateId] = useState(String(student.corporate?.id ?? ''));
  const [corporate, setCorporate] = useState<PickedCorporate | null>(student.corporate);
  const [reason, setReason] = useState('');
  const [issues, setIssues] = useState<Issues>({});
  const [confirming, setConfirming] = useState(false);

  const branchList = [...(branches.data ?? [])];
  if (student.branch && !branchList.some((branch) => branch.id === student.branch?.id)) {
    branchList.unshift(student.branch);
  }
  const branchLabel = (id: string) => {
    const branch = branchList.find((candidate) => String(candidate.id) === id);
    return branch ? nameIn(branch, language) : '';
  };
  const placeOf = (branch: string, company: string) => `${branch} — ${company || t('profile.individual')}`;
  const issueText = (name: keyof Issues) => {
    const code = issues[name];
    return code ? message(code) : undefined;
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    const found = transferIssues(student, { branchId, corporateId, reason });
    setIssues(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };

  const send = () => {
    if (transfer.isPending) return;
    // From the promise, not `mutate`'s callbacks: the refetch after a transfer re-keys this form
    // on the transfer screen (new branch and corporate), and a `mutate` callback is dropped once
    // its component is gone (decision 0012).
    void transfer
      .mutateAsync({
        id: student.id,
        body: { branchId: Number(branchId), corporateId: corporateId ? Number(corporateId) : null, reason },
      })
      .then(
        (result) => {
          notifySuccess(result.message);
          onDone();
        },
        (failure: unknown) => {
          notifyError(errorMessage(failure));
          const fields = failure instanceof ApiError ? failure.fields : undefined;
          if (fields) {
            setIssues({ branchId: fields.branchId, corporateId: fields.corporateId, reason: fields.reason });
            setConfirming(false);
          }
        },
      );
  };

  if (confirming) {
    return (
      <Stack gap="md" data-testid="transfer-confirm">
        <Text fw={700}>{t('transfer.confirmTitle')}</Text>
        <Text component="dl" m={0} size="sm">
          <Text component="dt" size="sm" c="gray.7">
            {t('transfer.student')}
          </Text>
          <Text component="dd" m={0} fw={600} mb="xs" data-user-data>
            {nameIn(student, language)}
          </Text>
          <Text component="dt" size="sm" c="gray.7">
            {t('transfer.from')}
          </Text>
          <Text component="dd" m={0} fw={600} mb="xs">
            {placeOf(
              student.branch ? nameIn(student.branch, language) : '',
              student.corporate ? nameIn(student.corporate, language) : '',
            )}
          </Text>
          <Text component="dt" size="sm" c="gray.7">
            {t('transfer.to')}
          </Text>
          <Text component="dd" m={0} fw={600} mb="xs">
            {placeOf(branchLabel(branchId), corporateId && corporate ? nameIn(corporate, language) : '')}
          </Text>
          <Text component="dt" size="sm" c="gray.7">
            {t('transfer.reason')}
          </Text>
          <Text component="dd" m={0} fw={600} data-user-data>
            {reason.trim()}
          </Text>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={transfer.isPending}>
            {t('transfer.back')}
          </Button>
          <Button onClick={send} loading={transfer.isPending} disabled={transfer.isPending} data-autofocus>
            {t('transfer.confirm')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={review} noValidate>
      <Stack gap="md">
        {issues.target && (
          <Alert color="red" role="alert">
            {issueText('target')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('transfer.branch')}
            data={branchList.map((branch) => ({ value: String(branch.id), label: nameIn(branch, language) }))}
            value={branchId || null}
            onChange={(value) => {
              setBranchId(value ?? '');
              setIssues({});
            }}
            error={issueText('branchId') ?? (branches.isError ? message('ERROR_FETCHING_DATA') : undefined)}
            allowDeselect={false}
            required
          />
          <CorporatePicker
            label={t('transfer.corporate')}
            value={corporateId}
            onChange={(value, picked) => {
              setCorporateId(value);
              setCorporate(picked);
              setIssues({});
            }}
            noneLabel={t('form.noCorporate')}
            initial={student.corporate}
            error={issueText('corporateId')}
          />
        </SimpleGrid>
        <Textarea
          label={t('transfer.reason')}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setIssues((current) => ({ ...current, reason: undefined }));
          }}
          error={issueText('reason')}
          maxLength={500}
          autosize
          minRows={2}
          required
        />
        <Group justify="flex-end">
          <Button type="submit">{t('transfer.review')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
