import { useQuery } from '@tanstack/react-query';
import { GENDERS } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { ChoiceFilter, ListFilters } from '../../../components/list/list-filters.tsx';
import type { ListState } from '../../../components/list/use-list-state.ts';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useCountryOptions } from '../../registration/components/use-countries.ts';
import { branchOptionsQuery } from '../api.ts';
import { CorporatePicker } from './corporate-picker.tsx';
import type { StudentFilters as Filters } from './use-student-list.ts';

export type StudentFilterName = 'branch' | 'corporate' | 'hold' | 'photo' | 'nationality' | 'gender';

const YES_NO = ['true', 'false'] as const;

/** The search box and the chosen filters of a students list (the table's headers sort it). */
export function StudentFilters({
  list,
  show,
}: {
  list: ListState<Filters>;
  show: readonly StudentFilterName[];
}) {
  const { t } = useTranslation('students');
  const { t: field } = useTranslation('registration');
  const { language } = useLanguage();
  const countries = useCountryOptions(language);
  const shows = (name: StudentFilterName) => show.includes(name);
  const branches = useQuery({ ...branchOptionsQuery, enabled: shows('branch') });
  const { filters, setFilter } = list;
  const yesNo = (yes: string, no: string) =>
    YES_NO.map((value) => ({ value, label: value === 'true' ? yes : no }));

  return (
    <ListFilters list={list} search={{ label: t('list.search'), hint: t('list.searchHint') }}>
      {shows('branch') && (branches.data?.length ?? 0) > 1 && (
        <ChoiceFilter
          label={t('list.branch')}
          allLabel={t('list.allBranches')}
          options={(branches.data ?? []).map((branch) => ({
            value: String(branch.id),
            label: nameIn(branch, language),
          }))}
          value={filters.branchId}
          onChange={(value) => setFilter('branchId', value)}
        />
      )}
      {shows('corporate') && (
        <CorporatePicker
          label={t('list.corporate')}
          value={filters.corporateId}
          onChange={(value) => setFilter('corporateId', value)}
          noneLabel={t('list.allCorporates')}
          description=""
        />
      )}
      {shows('hold') && (
        <ChoiceFilter
          label={t('list.status')}
          allLabel={t('list.allStatuses')}
          options={yesNo(t('status.onHold'), t('status.active'))}
          value={filters.onHold}
          onChange={(value) => setFilter('onHold', value)}
        />
      )}
      {shows('photo') && (
        <ChoiceFilter
          label={t('biometrics.photoFilter')}
          allLabel={t('biometrics.allPhotos')}
          options={yesNo(t('biometrics.withPhoto'), t('biometrics.withoutPhoto'))}
          value={filters.hasPhoto}
          onChange={(value) => setFilter('hasPhoto', value)}
        />
      )}
      {shows('nationality') && (
        <ChoiceFilter
          label={field('fields.nationality')}
          allLabel={t('list.allNationalities')}
          options={countries}
          value={filters.nationality}
          onChange={(value) => setFilter('nationality', value)}
          searchable
        />
      )}
      {shows('gender') && (
        <ChoiceFilter
          label={field('fields.gender')}
          allLabel={t('list.allGenders')}
          options={GENDERS.map((gender) => ({ value: gender, label: field(`genders.${gender}`) }))}
          value={filters.gender}
          onChange={(value) => setFilter('gender', value)}
        />
      )}
    </ListFilters>
  );
}
