import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A password input with a show/hide toggle whose name is read in the current language. Mantine's
 * PasswordInput does not mark itself invalid when it shows an error; this does.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleIcon={({ reveal }) => (reveal ? <IconEyeOff size={18} /> : <IconEye size={18} />)}
      visibilityToggleButtonProps={{ 'aria-label': visible ? t('password.hide') : t('password.show') }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
