import type { StatusTone } from '../../../components/status-badge.tsx';

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
