import { PAYMENT_STATUSES, type PaymentMethod, type PaymentStatus } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { ListChoiceFilter } from '../../../components/list/list-filters.tsx';

/** The labels of a filter, in the words of the list it filters. */
interface FilterLabels {
  label: string;
  allLabel: string;
}

/** A list of payments (or of advance payments) filtered by its `method`, among `methods`. */
export function PaymentMethodFilter<Method extends PaymentMethod>({
  list,
  methods,
  ...labels
}: FilterLabels & {
  list: { filters: { method: Method | '' }; setFilter(key: 'method', value: Method | ''): void };
  methods: readonly Method[];
}) {
  const { t } = useTranslation('payments');
  return (
    <ListChoiceFilter
      {...labels}
      list={list}
      name="method"
      options={methods.map((value) => ({ value, label: t(`method.${value}`) }))}
    />
  );
}

/** A list of payments (or of advance payments) filtered by its `status`. */
export function PaymentStatusFilter({
  list,
  ...labels
}: FilterLabels & {
  list: {
    filters: { status: PaymentStatus | '' };
    setFilter(key: 'status', value: PaymentStatus | ''): void;
  };
}) {
  const { t } = useTranslation('payments');
  return (
    <ListChoiceFilter
      {...labels}
      list={list}
      name="status"
      options={PAYMENT_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
    />
  );
}
