import { Button, Stack } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { hijriToGregorian, type StaffUser, userTypeSlug } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { BothCalendars, Detail, DetailSection, NotSet, RecordHeader } from '../../../components/details.tsx';
import { QueryView } from '../../../components/query-view.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { dateOf, formatDate, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { userQuery } from '../api.ts';
import { StatusButton } from '../components/status-button.tsx';
import { statusTone } from '../components/user-labels.ts';

/** A stored Hijri `YYYY-MM-DD` as the day it is. */
function dateOfHijri(hijri: string): Date | undefined {
  const [year, month, day] = hijri.split('-').map(Number);
  const iso = hijriToGregorian(year ?? 0, month ?? 0, day ?? 0);
  return iso ? dateOf(iso) : undefined;
}

function Profile({ user, asInstructor }: { user: StaffUser; asInstructor: boolean }) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('common');
  const { t: tr } = useTranslation('registration');
  const { language } = useLanguage();
  // What the users policy allows, as the API sent it with the account.
  const mayChange = user.abilities.update;
  const none = <NotSet />;
  const userData = (value: string | null) => (value ? <bdi data-user-data>{value}</bdi> : none);

  return (
    <Stack gap="md" maw={960}>
      <RecordHeader named={user} above={asInstructor ? t('profile.instructorTitle') : t('profile.title')}>
        {mayChange && (
          <>
            <Button
              component={Link}
              to={`/admin/edit-user/${user.id}`}
              leftSection={<IconPencil size={18} aria-hidden />}
            >
              {t('profile.edit')}
            </Button>
            {user.abilities.setStatus && <StatusButton user={user} />}
          </>
        )}
      </RecordHeader>

      <DetailSection title={t('profile.details')}>
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
          {user.permissionGroup ? <span data-user-data>{nameIn(user.permissionGroup, language)}</span> : none}
        </Detail>
        <Detail label={t('profile.branch')}>
          {user.branch ? <span data-user-data>{nameIn(user.branch, language)}</span> : t('headOffice')}
        </Detail>
        <Detail label={t('profile.dateOfBirth')}>
          <BothCalendars date={user.dateOfBirth ? dateOf(user.dateOfBirth) : undefined} />
        </Detail>
        <Detail label={t('profile.idType')}>{user.idType ? tr(`idTypes.${user.idType}`) : none}</Detail>
        <Detail label={t('profile.idNumber')}>{userData(user.idNumber)}</Detail>
        <Detail label={t('profile.idExpiry')}>
          <span data-testid="user-id-expiry">
            <BothCalendars
              date={user.idExpiryHijri ? dateOfHijri(user.idExpiryHijri) : undefined}
              hijriFirst
            />
          </span>
        </Detail>
        <Detail label={t('profile.createdAt')}>{formatDate(user.createdAt, language)}</Detail>
      </DetailSection>
    </Stack>
  );
}

function ProfileScreen({ asInstructor }: { asInstructor: boolean }) {
  const { t } = useTranslation('users');
  const { id = '' } = useParams();
  return (
    <QueryView query={useQuery(userQuery(id))} notFoundText={t('notFound')}>
      {(user) =>
        // An instructor profile of someone who is not an instructor is their user profile.
        asInstructor && user.type !== 'Instructor' ? (
          <Navigate to={`/admin/users/profile/${user.id}`} replace />
        ) : (
          <Profile user={user} asInstructor={asInstructor} />
        )
      }
    </QueryView>
  );
}

/** `/admin/users/profile/:id` (read_1): a staff account's details. */
export function UserProfilePage() {
  return <ProfileScreen asInstructor={false} />;
}

/** `/admin/instructor/profile/:id` (read_1): the same details of an instructor, titled as one. */
export function InstructorProfilePage() {
  return <ProfileScreen asInstructor />;
}
