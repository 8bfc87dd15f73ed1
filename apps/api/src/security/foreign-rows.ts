import { Resource } from '@tasreeh/shared';
import { desc, eq, ne } from 'drizzle-orm';
import {
  amanaInvoiceLines,
  amanaInvoices,
  bookings,
  classrooms,
  corporates,
  courses,
  dailyClosings,
  invoices,
  outbox,
  payments,
  refundRequests,
  scheduledSessions,
  students,
  users,
  walletEntries,
} from '../db/schema/index.ts';
import { DEMO_CORPORATE_CR } from '../seed/demo-users.ts';
import { PNG_BYTES } from '../test/files.ts';
import { insertForeignSitting } from '../test/foreign-sitting.ts';
import { insertSession } from '../test/scheduled-sessions.ts';
import type { TestApp } from '../test/test-app.ts';
import { newStaffFields, staffPlaces } from '../test/users.ts';
import { suiteAddress } from './actors.ts';

/**
 * The rows the cross-owner probes ask for: none of them belongs to a prober (the branch admin and
 * teller of RUH-01, the demo student, the demo corporate).
 */

export type Prober = 'branch admin' | 'Teller' | 'student' | 'corporate';
export const PROBERS: Prober[] = ['branch admin', 'Teller', 'student', 'corporate'];
export const STAFF_PROBERS = new Set<Prober>(['branch admin', 'Teller']);

export interface Foreign {
  /** The foreign person: a student of JED-01 and of the second corporate, with nothing in RUH-01. */
  student: { id: number; nameEn: string; idNumber: string; email: string; phone: string };
  /**
   * Texts that name someone a prober must not see: the person (its names, ID number, e-mail,
   * phone), the second corporate (its CR number, representative's e-mail), the JED-01 staff member
   * (e-mail). Staff names are left out: a row's recorder is part of that row.
   */
  markers: { person: string[]; corporate: string[]; staff: string[] };
  /** The code of a login-contact change of the foreign student, waiting for the control call. */
  contactCode: string;
  branchId: number;
  classroomId: number;
  staffUserId: number;
  corporateId: number;
  fileId: string;
  groupId: number;
  centerId: number;
  ownBranchId: number;
  groupBody: Record<string, unknown>;
  /** A booking of the foreign student, made by its corporate, in a JED-01 session. */
  bookingId: number;
  /** A wire payment of that booking, waiting for finance, and a paid one's invoice. */
  paymentId: number;
  invoiceId: number;
  /** The paid (cash) payment of that booking, and a refund request of it waiting for approval. */
  paidPaymentId: number;
  refundRequestId: number;
  /** An Amanah invoice of JED-01 (the paid payment's fee share) and its line. */
  amanaInvoiceId: number;
  amanaLineId: number;
  staffPlaces: { tellerGroupId: number; branchId: number };
  /** A cancelled session in JED-01: another branch's for branch staff, not open for booking for the others. */
  sessionId: number;
  /** An open JED-01 session of the foreign booking's course: where moving it would succeed. */
  moveTargetId: number;
  /** An open daily closing of JED-01 (issue 13, F2). */
  closingId: number;
  /** The person's exam sitting in JED-01: its session, seat and attempt in progress (and a failed one before). */
  exam: Awaited<ReturnType<typeof insertForeignSitting>>;
}

/**
 * Makes the foreign rows: all outside RUH-01, the first corporate and the demo student, around one
 * foreign person (a new student of JED-01 and of the second corporate, with nothing in RUH-01).
 */
export async function prepareForeignRows(t: TestApp, admin: string): Promise<Foreign> {
  const places = await staffPlaces(t);
  const [firstCorporate] = await t.db
    .select({ id: corporates.id })
    .from(corporates)
    .where(eq(corporates.crNumber, DEMO_CORPORATE_CR));
  const [secondCorporate] = await t.db
    .select({ id: corporates.id })
    .from(corporates)
    .where(ne(corporates.crNumber, DEMO_CORPORATE_CR));
  if (!firstCorporate || !secondCorporate) throw new Error('the demo seed has two corporates');
  const [corporate] = await t.db
    .select({ crNumber: corporates.crNumber, email: corporates.representativeEmail })
    .from(corporates)
    .where(eq(corporates.id, secondCorporate.id));
  if (!corporate) throw new Error('the second corporate has no row');
  const row = await insertForeignPerson(t, { branchId: places.jeddahId, corporateId: secondCorporate.id });
  const [room] = await t.db
    .select({ id: classrooms.id })
    .from(classrooms)
    .where(eq(classrooms.branchId, places.jeddahId));
  if (!room) throw new Error('no demo classroom in JED-01');
  const [course] = await t.db.select({ id: courses.id }).from(courses).limit(1);
  if (!course) throw new Error('no demo course');
  const [cancelled] = await t.db
    .insert(scheduledSessions)
    .values({
      kind: 'training',
      courseId: course.id,
      branchId: places.jeddahId,
      classroomId: room.id,
      delivery: 'in_person',
      language: 'ar',
      capacity: 10,
      startsAt: new Date('2031-02-02T06:00:00Z'),
      endsAt: new Date('2031-02-02T08:00:00Z'),
      status: 'cancelled',
    })
    .returning({ id: scheduledSessions.id });
  if (!cancelled) throw new Error('foreign session not inserted');

  const staffFields = newStaffFields({ tellerGroupId: places.tellerGroupId, branchId: places.jeddahId });
  const staff = await t.call({
    method: 'POST',
    url: '/api/users',
    token: admin,
    payload: staffFields,
    remoteAddress: suiteAddress(),
  });
  if (staff.statusCode !== 201) throw new Error(`foreign staff not created: ${staff.body}`);

  const form = new FormData();
  form.append('file', new Blob([PNG_BYTES]), 'photo.png');
  const photo = await t.call({
    method: 'PUT',
    url: `/api/students/${row.id}/attachments/photo`,
    token: admin,
    payload: form,
    remoteAddress: suiteAddress(),
  });
  if (photo.statusCode !== 200) throw new Error(`foreign photo not stored: ${photo.body}`);
  const [withPhoto] = await t.db
    .select({ fileId: students.photoFileId })
    .from(students)
    .where(eq(students.id, row.id));
  if (!withPhoto?.fileId) throw new Error('foreign photo has no file id');

  // A head-office group holding only a right the branch admin has too, so that nothing but its
  // being head office's can stop the branch admin from editing it (issue 9 §2).
  const groupBody = {
    nameEn: 'Head office student readers',
    nameAr: 'قراء الطلاب في المكتب الرئيسي',
    privileges: [{ id: Resource.Students, read: true, create: false, edit: false, delete: false }],
  };
  const group = await t.call({
    method: 'POST',
    url: '/api/permission-groups',
    token: admin,
    payload: groupBody,
    remoteAddress: suiteAddress(),
  });
  if (group.statusCode !== 201) throw new Error(`head-office group not created: ${group.body}`);
  const centers = await t.call({
    method: 'GET',
    url: '/api/centers',
    token: admin,
    remoteAddress: suiteAddress(),
  });
  const centerId = centers.json().items?.[0]?.id;
  if (typeof centerId !== 'number') throw new Error(`no demo centre: ${centers.body}`);

  // A change of the foreign student's login phone waits for its code: the control call of the
  // verify route enters it (the request route's control meets the 120 s resend wait and keeps it).
  const contactChange = await t.call({
    method: 'POST',
    url: `/api/students/${row.id}/contact-change`,
    token: admin,
    payload: { phone: '0589000778' },
    remoteAddress: suiteAddress(),
  });
  if (contactChange.statusCode !== 200) throw new Error(`contact change not asked: ${contactChange.body}`);
  const [codeMessage] = await t.db
    .select({ body: outbox.body })
    .from(outbox)
    .where(eq(outbox.recipient, '+966589000778'))
    .orderBy(desc(outbox.id))
    .limit(1);
  const contactCode = codeMessage?.body.match(/\b\d{6}\b/)?.[0];
  if (!contactCode) throw new Error('no contact-change code sent');

  const session = await insertSession(t, { branch: 'JED-01' });
  const moveTarget = await insertSession(t, { branch: 'JED-01' });
  const [booking] = await t.db
    .insert(bookings)
    .values({
      sessionId: session.id,
      studentId: row.id,
      corporateId: secondCorporate.id,
      channel: 'corporate',
      bookedByUserId: row.userId,
      originalFee: 10_000,
      amanaFee: 0,
      vat: 1_500,
      total: 11_500,
    })
    .returning({ id: bookings.id });
  if (!booking) throw new Error('foreign booking not made');
  // Paid by the person (a corporate belongs to no branch: its name is no other branch's secret).
  const paymentOf = { purpose: 'booking' as const, bookingId: booking.id, payerStudentId: row.id };
  const amounts = { amount: 11_500, subtotal: 10_000, vat: 1_500, branchId: places.jeddahId };
  const [wire] = await t.db
    .insert(payments)
    .values({ ...paymentOf, ...amounts, method: 'wire', status: 'pending', bankName: 'Probe bank' })
    .returning({ id: payments.id });
  const [cash] = await t.db
    .insert(payments)
    .values({ ...paymentOf, ...amounts, method: 'cash', status: 'paid', paidAt: new Date() })
    .returning({ id: payments.id });
  if (!wire || !cash) throw new Error('foreign payments not made');
  const [invoice] = await t.db
    .insert(invoices)
    .values({
      kind: 'invoice',
      number: 'INV-PROBE-1',
      paymentId: cash.id,
      issuedAt: new Date(),
      sellerNameEn: 'Tasreeh',
      sellerNameAr: 'تصريح',
      sellerVatNumber: '300000000000003',
      buyerName: 'Foreign corporate',
      lines: [],
      subtotal: 10_000,
      amanaFee: 0,
      vat: 1_500,
      total: 11_500,
      zatcaQr: 'AQ==',
    })
    .returning({ id: invoices.id });
  if (!invoice) throw new Error('foreign invoice not made');
  const [refund] = await t.db
    .insert(refundRequests)
    .values({
      paymentId: cash.id,
      amount: 1_000,
      reason: 'cross-owner probe',
      payout: 'balance',
      requestedByUserId: staff.json().id,
    })
    .returning({ id: refundRequests.id });
  if (!refund) throw new Error('foreign refund request not made');
  const [amanaInvoice] = await t.db
    .insert(amanaInvoices)
    .values({
      number: 'AMN-PROBE-1',
      branchId: places.jeddahId,
      periodFrom: '2030-01-01',
      periodTo: '2030-01-31',
      amount: 100,
      createdByUserId: row.userId,
    })
    .returning({ id: amanaInvoices.id });
  if (!amanaInvoice) throw new Error('foreign amana invoice not made');
  const [amanaLine] = await t.db
    .insert(amanaInvoiceLines)
    .values({
      amanaInvoiceId: amanaInvoice.id,
      paymentId: cash.id,
      corporateId: secondCorporate.id,
      amount: 100,
    })
    .returning({ id: amanaInvoiceLines.id });
  if (!amanaLine) throw new Error('foreign amana invoice line not made');
  // An advance the person paid in JED-01, in its balance.
  const [advance] = await t.db
    .insert(payments)
    .values({
      purpose: 'advance',
      payerStudentId: row.id,
      method: 'cash',
      status: 'paid',
      paidAt: new Date(),
      amount: 5_000,
      subtotal: 5_000,
      vat: 0,
      branchId: places.jeddahId,
    })
    .returning({ id: payments.id });
  if (!advance) throw new Error('foreign advance not made');
  await t.db
    .insert(walletEntries)
    .values({ studentId: row.id, kind: 'advance', amount: 5_000, paymentId: advance.id });
  const [closing] = await t.db
    .insert(dailyClosings)
    .values({ branchId: places.jeddahId, day: '2025-01-05', createdByUserId: staff.json().id })
    .returning({ id: dailyClosings.id });
  if (!closing) throw new Error('foreign closing not made');

  return {
    bookingId: booking.id,
    paymentId: wire.id,
    invoiceId: invoice.id,
    paidPaymentId: cash.id,
    refundRequestId: refund.id,
    amanaInvoiceId: amanaInvoice.id,
    amanaLineId: amanaLine.id,
    closingId: closing.id,
    student: { id: row.id, nameEn: row.nameEn, idNumber: row.idNumber, email: row.email, phone: row.phone },
    markers: {
      person: [row.nameEn, row.nameAr, row.idNumber, row.email, row.phone],
      corporate: [corporate.crNumber, corporate.email],
      staff: [staffFields.email],
    },
    contactCode,
    branchId: places.jeddahId,
    classroomId: room.id,
    staffUserId: staff.json().id,
    corporateId: secondCorporate.id,
    fileId: withPhoto.fileId,
    groupId: group.json().id,
    centerId,
    ownBranchId: places.riyadhId,
    groupBody: { ...groupBody, nameEn: 'Head office student readers (renamed)' },
    staffPlaces: { tellerGroupId: places.tellerGroupId, branchId: places.riyadhId },
    sessionId: cancelled.id,
    moveTargetId: moveTarget.id,
    exam: await insertForeignSitting(t, row.id),
  };
}

/** The texts no answer to this prober may hold: staff see every corporate, so a corporate's are foreign to the others only. */
export function markersFor(foreign: Foreign, prober: Prober): string[] {
  const { person, corporate, staff } = foreign.markers;
  return STAFF_PROBERS.has(prober) ? [...person, ...staff] : [...person, ...corporate, ...staff];
}

let personSeed = 0;

/** A new student of a branch and a corporate, with a name, ID number, e-mail and phone of its own. */
async function insertForeignPerson(t: TestApp, place: { branchId: number; corporateId: number }) {
  personSeed++;
  const tag = `${process.pid % 100_000}${String(personSeed).padStart(2, '0')}`.padStart(7, '0');
  const [user] = await t.db
    .insert(users)
    .values({
      type: 'student',
      email: `foreign-person-${tag}@example.com`,
      phone: `+96658${tag}`,
      nameEn: `Foreign Person ${tag}`,
      nameAr: `شخص من فرع آخر ${tag}`,
      idType: 'national_id',
      idNumber: `109${tag}`,
      branchId: place.branchId,
      passwordHash: 'not-a-login',
    })
    .returning();
  if (!user?.idNumber || !user.phone || !user.email) throw new Error('foreign person not inserted');
  const [student] = await t.db
    .insert(students)
    .values({ userId: user.id, branchId: place.branchId, corporateId: place.corporateId })
    .returning({ id: students.id });
  if (!student) throw new Error('foreign student not inserted');
  return {
    id: student.id,
    userId: user.id,
    nameEn: user.nameEn,
    nameAr: user.nameAr,
    idNumber: user.idNumber,
    email: user.email,
    phone: user.phone,
  };
}
