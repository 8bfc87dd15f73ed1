import { type APIRequestContext, expect, test } from '@playwright/test';

let seed = 0;

/** A day far past the demo sessions (four weeks) and the scheduling tests (six to nine weeks), distinct per worker and call: the instructor never clashes. */
function freeDay(): string {
  seed++;
  const day = new Date(Date.now() + (150 + test.info().workerIndex * 50 + seed) * 86_400_000);
  return day.toISOString().slice(0, 10);
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
  const options = await (await staff.get('/api/sessions/form-options')).json();
  const session = await staff.post('/api/sessions/training', {
    headers: { 'idempotency-key': `e2e-session-${Date.now()}-${seed}` },
    data: {
      courseId: options.courses[0].id,
      branchId: options.branches[0].id,
      language: 'ar',
      date: freeDay(),
      startTime: '10:00',
      endTime: '12:00',
      delivery: 'remote',
      capacity: 10,
      instructorId: options.instructors[0].id,
    },
  });
  expect(session.status(), await session.text()).toBe(201);
  const [sessionId] = (await session.json()).ids;
  const booking = await student.post('/api/bookings', {
    headers: { 'idempotency-key': `e2e-booking-${Date.now()}-${seed}` },
    data: { sessionId },
  });
  expect(booking.status(), await booking.text()).toBe(201);
  const body = await booking.json();
  expect(body.status).toBe('Pending Payment');
  return { id: body.id, number: body.number };
}
