import { useQuery } from '@tanstack/react-query';
import { ListChoiceFilter } from '../../../components/list/list-filters.tsx';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { branchOptionsQuery } from '../api.ts';

/**
 * A list's Branch filter (its `branchId`), the branches named in the UI language. Left out when
 * `enabled` is false, when the branches cannot be read, or when the caller has one branch only.
 */
export function BranchFilter({
  list,
  label,
  allLabel,
  enabled = true,
}: {
  list: { filters: { branchId: string }; setFilter(key: 'branchId', value: string): void };
  label: string;
  allLabel: string;
  enabled?: boolean;
}) {
  const { language } = useLanguage();
  const branches = useQuery({ ...branchOptionsQuery, enabled });
  if (!branches.isSuccess || branches.data.length < 2) return null;
  return (
    <ListChoiceFilter
      list={list}
      name="branchId"
      label={label}
      allLabel={allLabel}
      options={branches.data.map((branch) => ({ value: String(branch.id), label: nameIn(branch, language) }))}
    />
  );
}
