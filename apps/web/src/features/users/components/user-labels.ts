import type { Language } from '@tasreeh/shared';
import type { StatusTone } from '../../../components/status-badge.tsx';

/** A name given in both languages, in the UI language. */
export function nameIn(item: { nameEn: string; nameAr: string }, language: Language): string {
  return language === 'ar' ? item.nameAr : item.nameEn;
}

/** The profile screen of an account: an instructor's is titled as one (spec §2 instructor/profile). */
export function profilePathOf(user: { id: number; type: string }): string {
  return user.type === 'Instructor'
    ? `/admin/instructor/profile/${user.id}`
    : `/admin/users/profile/${user.id}`;
}

export function statusTone(status: string): StatusTone {
  if (status === 'active') return 'positive';
  return status === 'pending' ? 'warning' : 'neutral';
}
