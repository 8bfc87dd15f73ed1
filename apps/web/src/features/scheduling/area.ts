import type { Area, SessionItem } from '@tasreeh/shared';
import { useLocation } from 'react-router';

/** The area a scheduling screen is shown in, from its path (`/admin/scheduling` → `admin`). */
export function useArea(): Area {
  const segment = useLocation().pathname.split('/')[1];
  const areas: readonly Area[] = ['admin', 'student', 'corporate', 'instructor', 'examiner', 'center'];
  return areas.find((area) => area === segment) ?? 'admin';
}

/** A session's view page in an area (spec §2: admin view-training, the others View-training). */
export function viewPathOf(area: Area, session: Pick<SessionItem, 'id' | 'kind'>): string {
  if (session.kind === 'exam') return `/${area}/view-exam/${session.id}`;
  return `/${area}/${area === 'admin' ? 'view-training' : 'View-training'}/${session.id}`;
}

/** Where a student or corporate books a seat in a session (the booking screens). */
export function bookingPathOf(area: Area, sessionId: number): string | undefined {
  if (area === 'student' || area === 'corporate') return `/${area}/booking/${sessionId}`;
  return undefined;
}
