import { Radio, Stack } from '@mantine/core';
import type { SessionEditScope } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';

/**
 * The question an edit or a cancel of a session in a weekly series asks, as a calendar app
 * does: this session only, or this one and the following sessions of its series.
 */
export function SeriesScopeField({
  action,
  value,
  onChange,
}: {
  action: 'edit' | 'cancel';
  value: SessionEditScope;
  onChange: (scope: SessionEditScope) => void;
}) {
  const { t } = useTranslation('scheduling');
  return (
    <Radio.Group
      label={action === 'edit' ? t('scope.editQuestion') : t('scope.cancelQuestion')}
      description={action === 'edit' ? t('scope.editHint') : t('scope.cancelHint')}
      value={value}
      onChange={(chosen) => onChange(chosen === 'following' ? 'following' : 'one')}
      data-testid="series-scope"
    >
      <Stack gap="xs" mt="xs">
        <Radio value="one" label={t('scope.one')} />
        <Radio value="following" label={t('scope.following')} />
      </Stack>
    </Radio.Group>
  );
}
