import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Language } from './language.ts';

let seed = 0;

/** A day far past the demo sessions (four weeks) and the scheduling tests (six to nine weeks), distinct per worker and call: the instructor never clashes. */
function freeDay(): string {
  seed++;
  const day = new Date(Date.now() + (150 + test.info().workerIndex * 50 + seed) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

/**
 * A Riyadh date `days` from today that the booking screens offer (they show eight weeks ahead):
 * tests that book through the screens take days 29 to 41, after the demo sessions' four weeks
 * and before the scheduling tests' sixth week, one day each so that their sessions tell apart.
 */
export function bookableDay(days: number): string {
  if (days < 29 || days > 41) throw new Error(`day ${days} is not one the booking tests keep to`);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

export interface RemoteSession {
  id: number;
  startsAt: Date;
  course: { nameEn: string; nameAr: string };
}

/**
 * A Remote training session of the first course from 10:00 to 12:00 (Riyadh) on a date, made by
 * staff through the API: in a branch (staff of a branch see its sessions only), else the first.
 */
export async function remoteSession(
  staff: APIRequestContext,
  date: string,
  { capacity = 10, branchId }: { capacity?: number; branchId?: number } = {},
): Promise<RemoteSession> {
  const options = await (await staff.get('/api/sessions/form-options')).json();
  const [course] = options.courses;
  seed++;
  const session = await staff.post('/api/sessions/training', {
    headers: { 'idempotency-key': `e2e-session-${Date.now()}-${seed}` },
    data: {
      courseId: course.id,
      branchId: branchId ?? options.branches[0].id,
      language: 'ar',
      date,
      startTime: '10:00',
      endTime: '12:00',
      delivery: 'remote',
      capacity,
      instructorId: options.instructors[0].id,
    },
  });
  expect(session.status(), await session.text()).toBe(201);
  const [id] = (await session.json()).ids;
  return {
    id,
    startsAt: new Date(`${date}T10:00:00+03:00`),
    course: { nameEn: course.nameEn, nameAr: course.nameAr },
  };
}

/**
 * A session's start as the booking screens write it (centre time, Latin digits, decision 0012),
 * written by the page's own browser so that its date words are the screen's.
 */
export function sessionTimeLabel(page: Page, startsAt: Date, language: Language): Promise<string> {
  return page.evaluate(
    ([iso, locale]) =>
      new Intl.DateTimeFormat(locale, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Asia/Riyadh',
        calendar: 'gregory',
        numberingSystem: 'latn',
      }).format(new Date(iso)),
    [startsAt.toISOString(), language === 'ar' ? 'ar-SA' : 'en-GB'] as const,
  );
}

/**
 * A fresh Remote training session made by staff, and the student's hold on it, through the API
 * (issue 11): the booking's id and number. A fresh session each time, as a student has one live
 * booking per session.
 */
export async function pendingBooking(
  staff: APIRequestContext,
  student: APIRequestContext,
): Promise<{ id: number; number: string }> {
  const session = await remoteSession(staff, freeDay());
  const booking = await student.post('/api/bookings', {
    headers: { 'idempotency-key': `e2e-booking-${Date.now()}-${seed}` },
    data: { sessionId: session.id },
  });
  expect(booking.status(), await booking.text()).toBe(201);
  const body = await booking.json();
  expect(body.status).toBe('Pending Payment');
  return { id: body.id, number: body.number };
}
