import { Radio, Stack } from '@mantine/core';
import type { SessionEditScope } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';

/**
 * The question an edit of a session in a weekly series asks, as a calendar app does: change this
 * session only, or this one and the following sessions of its series.
 */
export function SeriesScopeField({
  value,
  onChange,
}: {
  value: SessionEditScope;
  onChange: (scope: SessionEditScope) => void;
}) {
  const { t } = useTranslation('scheduling');
  return (
    <Radio.Group
      label={t('form.scopeQuestion')}
      description={t('form.scopeHint')}
      value={value}
      onChange={(chosen) => onChange(chosen === 'following' ? 'following' : 'one')}
      data-testid="series-scope"
    >
      <Stack gap="xs" mt="xs">
        <Radio value="one" label={t('form.scopeOne')} />
        <Radio value="following" label={t('form.scopeFollowing')} />
      </Stack>
    </Radio.Group>
  );
}
