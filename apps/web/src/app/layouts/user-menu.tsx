import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout } from '@tabler/icons-react';
import { initialsOf, userTypeSlug } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurrentUser } from '../../features/auth/current-user.ts';
import { useLogout } from '../../features/auth/use-logout.ts';

/** The signed-in user's name and type, with change password and logout. */
export function UserMenu({ user, changePasswordPath }: { user: CurrentUser; changePasswordPath?: string }) {
  const { t } = useTranslation(['layout', 'common']);
  const logout = useLogout();
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('layout:userMenu.open', { name: user.name })} data-testid="user-menu">
          <Group gap={6} wrap="nowrap">
            <Avatar color="brand" variant="filled" radius="xl" size={34} data-user-data>
              {initialsOf(user.name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate dir="auto" data-user-data>
              {user.name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark" dir="auto" data-user-data>
            {user.name}
          </Text>
          <Text size="xs" c="gray.7">
            {t(`common:userTypes.${userTypeSlug(user.type)}`)}
          </Text>
        </Menu.Label>
        {changePasswordPath && (
          <Menu.Item component={Link} to={changePasswordPath} leftSection={<IconKey size={16} />}>
            {t('layout:nav.changePassword')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red.8" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          {t('layout:userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
