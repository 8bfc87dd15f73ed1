import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Modal,
  Select,
  Stack,
  Stepper,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { type ClosingInput, centreDay, DEPOSIT_SLIP_RULE, toRiyalString } from '@tasreeh/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { FormPage } from '../../../components/form/form-page.tsx';
import { useFormSubmit } from '../../../components/form/use-form-submit.ts';
import { useSaveThen } from '../../../components/form/use-save-then.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { QueryView } from '../../../components/query-view.tsx';
import { formatDayFigures, formatSar, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { branchOptionsQuery } from '../../students/api.ts';
import {
  closingQuery,
  closingSummaryQuery,
  useCreateClosingMutation,
  useFinishClosingMutation,
  useUploadSlipMutation,
} from '../api.ts';
import { ClosingDay, FigureRow } from '../components/closing-day.tsx';

const LIST_PATH = '/admin/daily-closing';
type Step = 0 | 1 | 2 | 3 | 4;

function WizardSteps({ active }: { active: Step }) {
  const { t } = useTranslation('daily-closings');
  return (
    <Stepper active={active} size="sm" mb="lg" allowNextStepsSelect={false}>
      <Stepper.Step label={t('wizard.dayStep')} />
      <Stepper.Step label={t('wizard.totalsStep')} />
      <Stepper.Step label={t('wizard.amountsStep')} />
      <Stepper.Step label={t('wizard.uploadStep')} />
      <Stepper.Step label={t('wizard.finishStep')} />
    </Stepper>
  );
}

/**
 * `daily-closing/add-closing` (create_10 or create_17): choose the branch and the day, see what the
 * system took in, enter the counted cash, the deposit, the bank and a note (the §5 rules answer on
 * their fields); the closing is then made and the slip comes next (`/upload`).
 */
export function AddClosingPage() {
  const { t } = useTranslation('daily-closings');
  const { language } = useLanguage();
  const branches = useQuery(branchOptionsQuery);
  const [step, setStep] = useState<Step>(0);
  const [branchId, setBranchId] = useState('');
  // `?day=YYYY-MM-DD` opens the wizard on a day (a link to close a day that was left open).
  const [search] = useSearchParams();
  const asked = search.get('day') ?? '';
  const today = centreDay(new Date());
  const [day, setDay] = useState(/^\d{4}-\d{2}-\d{2}$/.test(asked) && asked <= today ? asked : today);
  const only = branches.data?.length === 1 ? String(branches.data[0]?.id) : '';
  const branch = branchId || only;
  const summary = useQuery({ ...closingSummaryQuery(branch, day), enabled: step >= 1 && branch !== '' });

  return (
    <FormPage title={t('wizard.title')} maxWidth={880}>
      <WizardSteps active={step} />
      {step === 0 ? (
        <Stack gap="md">
          <QueryView query={branches}>
            {(options) => (
              <Select
                label={t('form.branch')}
                required
                data={options.map((option) => ({
                  value: String(option.id),
                  label: nameIn(option, language),
                }))}
                value={branch || null}
                onChange={(value) => setBranchId(value ?? '')}
              />
            )}
          </QueryView>
          <DatePickerInput
            label={t('form.day')}
            required
            locale={language}
            maxDate={today}
            value={day}
            onChange={(value) => setDay(value ?? '')}
            valueFormatter={({ date }) =>
              !date || Array.isArray(date) ? '' : formatDayFigures(dayjs(date).format('YYYY-MM-DD'), language)
            }
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={LIST_PATH}>
              {t('wizard.cancel')}
            </Button>
            <Button disabled={!branch || !day} onClick={() => setStep(1)}>
              {t('wizard.next')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <QueryView query={summary}>
          {(totals) =>
            step === 1 ? (
              <Stack gap="md">
                <ClosingDay day={totals.day} />
                <Stack component="dl" gap={6} m={0} data-testid="system-totals">
                  {(['cash', 'pos', 'card', 'wire'] as const).map((method) => (
                    <FigureRow
                      key={method}
                      label={t(`method.${method}`)}
                      value={formatSar(totals.totals[method], language)}
                    />
                  ))}
                  <FigureRow label={t('list.refunds')} value={formatSar(totals.totals.refunds, language)} />
                  <FigureRow
                    label={t('list.systemTotal')}
                    value={formatSar(totals.totals.total, language)}
                    strong
                  />
                </Stack>
                {totals.closingId !== null ? (
                  <Alert color="orange">
                    <Anchor component={Link} to={`${LIST_PATH}/${totals.closingId}`}>
                      {t('wizard.alreadyClosed')}
                    </Anchor>
                  </Alert>
                ) : null}
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => setStep(0)}>
                    {t('wizard.back')}
                  </Button>
                  <Button disabled={totals.closingId !== null} onClick={() => setStep(2)}>
                    {t('wizard.next')}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <AmountsForm
                branchId={totals.branchId}
                day={totals.day}
                cash={totals.totals.cash}
                card={totals.totals.total - totals.totals.cash}
                onBack={() => setStep(1)}
              />
            )
          }
        </QueryView>
      )}
    </FormPage>
  );
}

interface AmountValues {
  totalAmount: string;
  cashRevenue: string;
  cardRevenue: string;
  cashAmount: string;
  depositAmount: string;
  bankName: string;
  note: string;
}

function AmountsForm({
  branchId,
  day,
  cash,
  card,
  onBack,
}: {
  branchId: number;
  day: string;
  cash: number;
  card: number;
  onBack(): void;
}) {
  const { t } = useTranslation('daily-closings');
  const navigate = useNavigate();
  const create = useCreateClosingMutation();
  const form = useForm<AmountValues>({
    initialValues: {
      totalAmount: toRiyalString(cash + card),
      cashRevenue: toRiyalString(cash),
      cardRevenue: toRiyalString(card),
      cashAmount: toRiyalString(cash),
      depositAmount: '',
      bankName: '',
      note: '',
    },
  });
  const save = useSaveThen(create.mutateAsync, (saved) => navigate(`${LIST_PATH}/${saved.id}/upload`));
  const { field, submit } = useFormSubmit(
    form,
    (values): ClosingInput => ({ ...values, branchId, day, note: values.note || undefined }),
    save,
  );
  const amount = (name: keyof AmountValues) => (
    <TextInput label={t(`form.${name}`)} inputMode="decimal" dir="ltr" required {...field(name)} />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ClosingDay day={day} />
        <Group grow align="flex-start">
          {amount('totalAmount')}
          {amount('cashRevenue')}
          {amount('cardRevenue')}
        </Group>
        <Group grow align="flex-start">
          {amount('cashAmount')}
          {amount('depositAmount')}
        </Group>
        <TextInput label={t('form.bankName')} required {...field('bankName')} />
        <Textarea label={t('form.note')} autosize minRows={2} {...field('note')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack}>
            {t('wizard.back')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('wizard.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `daily-closing/{id}/upload`: the bank's deposit slip (an image or a PDF, at most 5 MB). */
export function UploadSlipPage() {
  const { t } = useTranslation('daily-closings');
  const { errorMessage } = useMessages();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuery(closingQuery(id));
  const upload = useUploadSlipMutation();
  const [file, setFile] = useState<File | null>(null);
  const send = async (closingId: number) => {
    if (!file) return;
    try {
      const saved = await upload.mutateAsync({ id: closingId, file });
      notifySuccess(saved.message);
      await navigate(`${LIST_PATH}/${closingId}/finish`);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  return (
    <FormPage title={t('wizard.title')} maxWidth={880}>
      <WizardSteps active={3} />
      <QueryView query={query} notFoundText={t('details.notFound')}>
        {(closing) => (
          <Stack gap="md">
            <ClosingDay day={closing.day} />
            <FileInput
              label={t('wizard.slip')}
              description={t('wizard.slipHint', { max: DEPOSIT_SLIP_RULE.maxMegabytes })}
              accept={DEPOSIT_SLIP_RULE.types.join(',')}
              required
              value={file}
              onChange={setFile}
            />
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={`${LIST_PATH}/${closing.id}`}>
                {t('wizard.later')}
              </Button>
              <Button disabled={!file} loading={upload.isPending} onClick={() => void send(closing.id)}>
                {t('wizard.upload')}
              </Button>
            </Group>
          </Stack>
        )}
      </QueryView>
    </FormPage>
  );
}

/** `daily-closing/{id}/finish`: confirmed first ("the day will be locked"); then no payment is dated in it. */
export function FinishClosingPage() {
  const { t } = useTranslation('daily-closings');
  const { language } = useLanguage();
  const { errorMessage } = useMessages();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuery(closingQuery(id));
  const finish = useFinishClosingMutation();
  const [confirming, setConfirming] = useState(false);
  const run = async (closingId: number) => {
    try {
      const saved = await finish.mutateAsync(closingId);
      notifySuccess(saved.message);
      await navigate(`${LIST_PATH}/${closingId}`);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setConfirming(false);
    }
  };
  return (
    <FormPage title={t('wizard.title')} maxWidth={880}>
      <WizardSteps active={4} />
      <QueryView query={query} notFoundText={t('details.notFound')}>
        {(closing) => (
          <Stack gap="md">
            <ClosingDay day={closing.day} />
            <Stack component="dl" gap={6} m={0}>
              <FigureRow label={t('list.systemCash')} value={formatSar(closing.system.cash, language)} />
              <FigureRow label={t('list.refunds')} value={formatSar(closing.system.refunds, language)} />
              <FigureRow label={t('form.cashAmount')} value={formatSar(closing.cashAmount, language)} />
              <FigureRow
                label={t('list.difference')}
                value={formatSar(closing.difference, language)}
                strong
              />
              <FigureRow label={t('form.depositAmount')} value={formatSar(closing.depositAmount, language)} />
            </Stack>
            <Text>{t('wizard.finishIntro')}</Text>
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={`${LIST_PATH}/${closing.id}`}>
                {t('wizard.later')}
              </Button>
              <Button color="red" onClick={() => setConfirming(true)}>
                {t('wizard.finish')}
              </Button>
            </Group>
            <Modal
              opened={confirming}
              onClose={() => setConfirming(false)}
              title={t('wizard.confirmTitle')}
              closeButtonProps={{ 'aria-label': t('wizard.cancel') }}
              centered
            >
              <Stack gap="md">
                <Text>{t('wizard.confirmText')}</Text>
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => setConfirming(false)}>
                    {t('wizard.cancel')}
                  </Button>
                  <Button color="red" loading={finish.isPending} onClick={() => void run(closing.id)}>
                    {t('wizard.confirmFinish')}
                  </Button>
                </Group>
              </Stack>
            </Modal>
          </Stack>
        )}
      </QueryView>
    </FormPage>
  );
}
