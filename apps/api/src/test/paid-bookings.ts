import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { bookings, corporates, courses, scheduledSessions, students, users } from '../db/schema/index.ts';
import { demoEmailOf } from '../seed/demo-users.ts';
import { PDF_BYTES } from './files.ts';
import type { TestApp } from './test-app.ts';

/**
 * Sessions and bookings written straight into the database, for the payments tests (the booking
 * routes are another piece of work). Prices in halalas: 200.00 + Amana 10.00 + VAT 31.50 = 241.50.
 */
export const PRICE = { originalFee: 20_000, amanaFee: 1_000, vat: 3_150, total: 24_150 };

async function userOf(t: TestApp, type: 'student' | 'corporate' | 'Teller') {
  const [user] = await t.db
    .select()
    .from(users)
    .where(eq(users.email, demoEmailOf(type)));
  if (!user) throw new Error(`no demo ${type}`);
  return user;
}

export async function demoStudentId(t: TestApp): Promise<number> {
  const user = await userOf(t, 'student');
  const [row] = await t.db.select({ id: students.id }).from(students).where(eq(students.userId, user.id));
  if (!row) throw new Error('no demo student');
  return row.id;
}

export async function demoCorporateId(t: TestApp): Promise<number> {
  const user = await userOf(t, 'corporate');
  const [row] = await t.db
    .select({ id: corporates.id })
    .from(corporates)
    .where(eq(corporates.userId, user.id));
  if (!row) throw new Error('no demo corporate');
  return row.id;
}

let sessionSeed = 0;

/** A remote training session at the demo teller's branch, starting in `startsInHours`. */
export async function newSession(t: TestApp, options: { startsInHours?: number; capacity?: number } = {}) {
  const teller = await userOf(t, 'Teller');
  const [course] = await t.db.select({ id: courses.id }).from(courses).limit(1);
  if (!course || teller.branchId === null) throw new Error('no demo course or teller branch');
  sessionSeed++;
  const startsAt = new Date(Date.now() + (options.startsInHours ?? 48) * 3_600_000 + sessionSeed * 60_000);
  const [session] = await t.db
    .insert(scheduledSessions)
    .values({
      kind: 'training',
      courseId: course.id,
      branchId: teller.branchId,
      delivery: 'remote',
      language: 'en',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      capacity: options.capacity ?? 25,
      seatsTaken: 0,
    })
    .returning();
  if (!session) throw new Error('session not inserted');
  return session;
}

/** A booking holding a seat (`Pending Payment`, 15 minutes) of the demo student, or of a corporate's. */
export async function newBooking(
  t: TestApp,
  options: {
    sessionId?: number;
    studentId?: number;
    corporate?: boolean;
    paymentType?: 'full' | 'partial';
    status?: 'Pending Payment' | 'Booked';
    holdMinutes?: number;
    startsInHours?: number;
  } = {},
) {
  const sessionId = options.sessionId ?? (await newSession(t, { startsInHours: options.startsInHours })).id;
  const studentId = options.studentId ?? (await newStudentForBooking(t));
  const corporateId = options.corporate ? await demoCorporateId(t) : null;
  const bookedBy = await userOf(t, options.corporate ? 'corporate' : 'student');
  const [booking] = await t.db
    .insert(bookings)
    .values({
      sessionId,
      studentId,
      corporateId,
      channel: options.corporate ? 'corporate' : 'student',
      status: options.status ?? 'Pending Payment',
      paymentType: options.paymentType ?? 'full',
      holdExpiresAt: new Date(Date.now() + (options.holdMinutes ?? 15) * 60_000),
      ...PRICE,
      bookedByUserId: bookedBy.id,
    })
    .returning();
  if (!booking) throw new Error('booking not inserted');
  const [session] = await t.db.select().from(scheduledSessions).where(eq(scheduledSessions.id, sessionId));
  await t.db
    .update(scheduledSessions)
    .set({ seatsTaken: (session?.seatsTaken ?? 0) + 1 })
    .where(eq(scheduledSessions.id, sessionId));
  return booking;
}

/** The demo student (one live booking per session, so each booking gets its own session by default). */
async function newStudentForBooking(t: TestApp): Promise<number> {
  return demoStudentId(t);
}

/** A valid Saudi IBAN (its check digits right) for wire transfers. */
export const WIRE_IBAN = 'SA0380000000608010167519';

/** `POST /api/payments` by wire transfer, as the payer's form sends it: multipart with the copy (a PDF). */
export function sendWire(
  t: TestApp,
  request: { token: string; bookingId: number; iban?: string; key?: string },
) {
  const boundary = 'wireboundary';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(
      field('bookingId', String(request.bookingId)) +
        field('method', 'wire') +
        field('bankName', 'Al Rajhi Bank') +
        field('accountNumber', '608010167519') +
        field('iban', request.iban ?? WIRE_IBAN) +
        `--${boundary}\r\nContent-Disposition: form-data; name="wireCopy"; filename="copy.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF_BYTES,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.call({
    method: 'POST',
    url: '/api/payments',
    token: request.token,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'idempotency-key': request.key ?? randomUUID(),
    },
  });
}
