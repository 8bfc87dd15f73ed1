import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language.ts';

/** A link back (to the catalogue, to a product), its arrow following the reading direction. */
export function BackLink({ to, label }: { to: string; label: string }) {
  const { language } = useLanguage();
  const Arrow = language === 'ar' ? IconArrowRight : IconArrowLeft;
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <Arrow size={16} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}
