import { List, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { resetPasswordChecklist } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useMessages } from '../i18n/use-messages.ts';

export interface PasswordChecklistProps {
  password: string;
  rePassword: string;
  id?: string;
}

function RuleIcon({ met }: { met: boolean }) {
  return (
    <ThemeIcon color={met ? 'brand' : 'gray'} size={20} radius="xl" aria-hidden>
      {met ? <IconCheck size={14} /> : <IconX size={14} />}
    </ThemeIcon>
  );
}

/** The reset-flow rules of spec §5 as a live checklist: each rule's message, met or not. */
export function PasswordChecklist({ password, rePassword, id }: PasswordChecklistProps) {
  const { t } = useTranslation('common');
  const { message } = useMessages();
  const rules = resetPasswordChecklist(password);
  const matches = password.length > 0 && password === rePassword;
  return (
    <List id={id} spacing={4} size="sm" center aria-live="polite" aria-label={t('password.rules')}>
      {rules.map((rule) => (
        <List.Item
          key={rule.code}
          icon={<RuleIcon met={rule.met} />}
          c={rule.met ? 'brand.9' : 'gray.7'}
          data-met={rule.met}
          data-rule={rule.code}
        >
          {message(rule.code)}
          <VisuallyHidden> {rule.met ? t('password.met') : t('password.notMet')}</VisuallyHidden>
        </List.Item>
      ))}
      {rePassword.length > 0 && (
        <List.Item
          icon={<RuleIcon met={matches} />}
          c={matches ? 'brand.9' : 'red.8'}
          data-met={matches}
          data-rule="PASSWORDS_DO_NOT_MATCH"
        >
          {matches ? t('password.match') : message('PASSWORDS_DO_NOT_MATCH')}
        </List.Item>
      )}
    </List>
  );
}
