import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { hijriToGregorian, type StaffUser, userTypeSlug } from '@tasreeh/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDate, formatHijriDate } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useCurrentUser } from '../../auth/current-user.ts';
import { useCan } from '../../auth/use-can.ts';
import { userQuery } from '../api.ts';
import { StatusButton } from '../components/status-button.tsx';
import { nameIn, statusTone } from '../components/user-labels.ts';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" fw={600} m={0}>
        {children}
      </Text>
    </div>
  );
}

/** A stored Gregorian `YYYY-MM-DD`, or a Hijri one, as a Date at noon UTC (no time zone moves the day). */
function dateOfIso(iso: string): Date {
  return new Date(`${iso}T12:00:00Z`);
}
function dateOfHijri(hijri: string): Date | undefined {
  const [year, month, day] = hijri.split('-').map(Number);
  const iso = hijriToGregorian(year ?? 0, month ?? 0, day ?? 0);
  return iso ? dateOfIso(iso) : undefined;
}

function Profile({ user, asInstructor }: { user: StaffUser; asInstructor: boolean }) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const { t: tr } = useTranslation('registration');
  const { language } = useLanguage();
  const me = useCurrentUser();
  const canEdit = useCan('edit_1');
  // What the API allows (spec §6, users policy): only a super admin changes a super admin; nobody deactivates themselves.
  const mayChange = canEdit && (user.type !== 'super admin' || me?.type === 'super admin');
  const none = (
    <Text span c="gray.7" fw={400}>
      {t('profile.none')}
    </Text>
  );
  const both = (date: Date | undefined, hijriFirst: boolean) => {
    if (!date) return none;
    const [first, second] = hijriFirst
      ? [formatHijriDate(date, language), formatDate(date, language)]
      : [formatDate(date, language), formatHijriDate(date, language)];
    return (
      <>
        {first}
        <Text span display="block" size="sm" c="gray.7" fw={400}>
          {second}
        </Text>
      </>
    );
  };
  const userData = (value: string | null) => (value ? <bdi data-user-data>{value}</bdi> : none);

  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Text c="gray.7" size="sm">
            {asInstructor ? t('profile.instructorTitle') : t('profile.title')}
          </Text>
          <Title order={1} size="h2" data-user-data>
            {nameIn(user, language)}
          </Title>
          <Text c="gray.7" data-user-data lang={language === 'ar' ? 'en' : 'ar'}>
            {language === 'ar' ? user.nameEn : user.nameAr}
          </Text>
        </div>
        {mayChange && (
          <Group gap="sm">
            <Button
              component={Link}
              to={`/admin/edit-user/${user.id}`}
              leftSection={<IconPencil size={18} aria-hidden />}
            >
              {t('profile.edit')}
            </Button>
            {me?.userId !== user.id && <StatusButton user={user} />}
          </Group>
        )}
      </Group>

      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} size="h4" mb="md">
          {t('profile.details')}
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} m={0}>
          <Detail label={t('profile.status')}>
            <span data-testid="user-status">
              <StatusBadge tone={statusTone(user.status)}>{t(`statuses.${user.status}`)}</StatusBadge>
            </span>
          </Detail>
          <Detail label={t('profile.type')}>{tc(`userTypes.${userTypeSlug(user.type)}`)}</Detail>
          <Detail label={t('profile.employeeType')}>
            {user.employeeType ? t(`employeeTypes.${user.employeeType}`) : none}
          </Detail>
          <Detail label={t('profile.email')}>{userData(user.email)}</Detail>
          <Detail label={t('profile.username')}>{userData(user.username)}</Detail>
          <Detail label={t('profile.phone')}>{userData(user.phone)}</Detail>
          <Detail label={t('profile.group')}>
            {user.permissionGroup ? (
              <span data-user-data>{nameIn(user.permissionGroup, language)}</span>
            ) : (
              none
            )}
          </Detail>
          <Detail label={t('profile.branch')}>
            {user.branch ? <span data-user-data>{nameIn(user.branch, language)}</span> : t('headOffice')}
          </Detail>
          <Detail label={t('profile.dateOfBirth')}>
            {both(user.dateOfBirth ? dateOfIso(user.dateOfBirth) : undefined, false)}
          </Detail>
          <Detail label={t('profile.idType')}>{user.idType ? tr(`idTypes.${user.idType}`) : none}</Detail>
          <Detail label={t('profile.idNumber')}>{userData(user.idNumber)}</Detail>
          <Detail label={t('profile.idExpiry')}>
            <span data-testid="user-id-expiry">
              {both(user.idExpiryHijri ? dateOfHijri(user.idExpiryHijri) : undefined, true)}
            </span>
          </Detail>
          <Detail label={t('profile.createdAt')}>{formatDate(user.createdAt, language)}</Detail>
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}

function ProfileScreen({ asInstructor }: { asInstructor: boolean }) {
  const { t } = useTranslation('users');
  const { id = '' } = useParams();
  const query = useQuery(userQuery(id));
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} notFoundText={t('notFound')} />
    );
  // An instructor profile of someone who is not an instructor is their user profile.
  if (asInstructor && query.data.type !== 'Instructor') {
    return <Navigate to={`/admin/users/profile/${query.data.id}`} replace />;
  }
  return <Profile user={query.data} asInstructor={asInstructor} />;
}

/** `/admin/users/profile/:id` (read_1): a staff account's details. */
export function UserProfilePage() {
  return <ProfileScreen asInstructor={false} />;
}

/** `/admin/instructor/profile/:id` (read_1): the same details of an instructor, titled as one. */
export function InstructorProfilePage() {
  return <ProfileScreen asInstructor />;
}
