import { randomUUID } from 'node:crypto';
import { Resource } from '@tasreeh/shared';
import { and, desc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
} from '../db/schema/index.ts';
import { DEMO_CORPORATE_CR } from '../db/seed/demo-users.ts';
import { insertForeignSitting } from '../test/exam-bank.ts';
import { PDF_BYTES, PNG_BYTES } from '../test/files.ts';
import { insertSession } from '../test/scheduled-sessions.ts';
import { newStudentFields } from '../test/students.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { newStaffFields, staffPlaces } from '../test/users.ts';
import { type Session, sessionOf, suiteAddress } from './actors.ts';
import { apiRoutes } from './routes.ts';

/**
 * Cross-owner probes: every route with an id in its path, called by a branch-bound staff
 * member (branch admin and teller of RUH-01), a student and a corporate with the id of a row
 * they must not see — another branch's, another student's, another corporate's — and, for
 * writes, a body that would pass validation. Any 2xx is a leak.
 */

/** Rows that belong to nobody the probers act for, found or made before the probes. */
interface Foreign {
  student: { id: number; idNumber: string; email: string; phone: string };
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
  /** An exam sitting in JED-01 of another student: its session, seat and attempt in progress. */
  exam: Awaited<ReturnType<typeof insertForeignSitting>>;
}

type Prober = 'branch admin' | 'Teller' | 'student' | 'corporate';
const PROBERS: Prober[] = ['branch admin', 'Teller', 'student', 'corporate'];
const STAFF_PROBERS = new Set<Prober>(['branch admin', 'Teller']);

interface Probe {
  /** The foreign value for each path parameter, for a prober; undefined: not owned from its side. */
  params: (foreign: Foreign, prober: Prober) => Record<string, string | number> | undefined;
  body?: (foreign: Foreign) => unknown;
  file?: { field: string; bytes: Buffer };
}

const student: Probe['params'] = (foreign) => ({ id: foreign.student.id });
const otherBranch: Probe['params'] = (foreign) => ({ id: foreign.branchId });
const classroom: Probe['params'] = (foreign) => ({ id: foreign.classroomId });
const staffUser: Probe['params'] = (foreign) => ({ id: foreign.staffUserId });
const center: Probe['params'] = (foreign) => ({ id: foreign.centerId });
/** Corporates belong to no branch: another corporate's record is foreign only to a corporate. */
const otherCorporate: Probe['params'] = (foreign, prober) =>
  STAFF_PROBERS.has(prober) ? undefined : { id: foreign.corporateId };

const session: Probe['params'] = (foreign) => ({ id: foreign.sessionId });
/** A session body the schemas take (the service refuses it later, on the row). */
const sessionBody = (foreign: Foreign) => ({
  courseId: 1,
  branchId: foreign.branchId,
  classroomId: foreign.classroomId,
  language: 'ar',
  date: '2031-01-05',
  startTime: '09:00',
  endTime: '10:00',
});

/** Another branch's closing: a write for every prober, a read for those who see one branch only. */
const foreignClosing =
  (write: boolean): Probe['params'] =>
  (foreign, prober) =>
    write || prober !== 'branch admin' ? { id: foreign.closingId } : undefined;

/** Every route with a path parameter: how to probe it, or why it has no owner to cross. */
const PROBES: Record<string, Probe | { notOwned: string }> = {
  'GET /api/certificates/:id': { params: (f) => ({ id: f.exam.certificateId }) },
  'GET /api/certificates/:id/pdf': { params: (f) => ({ id: f.exam.certificateId }) },
  'POST /api/certificates/:id/revoke': {
    params: (f) => ({ id: f.exam.certificateId }),
    body: () => ({ reason: 'cross-owner probe' }),
  },
  'GET /api/exams/:id': {
    notOwned: 'exams and their question banks are the centre’s, shared by every branch',
  },
  'PUT /api/exams/:id': { notOwned: 'exams are shared; who may change one is the assessments policy' },
  'GET /api/exams/:id/banks/:language': { notOwned: 'question banks are shared by every branch' },
  'POST /api/exams/:id/banks/:language/questions': { notOwned: 'question banks are shared by every branch' },
  'PUT /api/questions/:id': { notOwned: 'question banks are shared by every branch' },
  'POST /api/questions/:id/retire': { notOwned: 'question banks are shared by every branch' },
  'POST /api/exams/:id/media': { notOwned: 'question banks are shared by every branch' },
  'GET /api/exams/:id/media/:fileId': { notOwned: 'question banks are shared by every branch' },
  'GET /api/exams/:id/banks/:language/export': { notOwned: 'question banks are shared by every branch' },
  'POST /api/exams/:id/banks/:language/import': { notOwned: 'question banks are shared by every branch' },
  'GET /api/exam-attempts/:id': { params: (f) => ({ id: f.exam.attemptId }) },
  'GET /api/exam-attempts/by-booking/:bookingId': { params: (f) => ({ bookingId: f.exam.bookingId }) },
  'GET /api/exam-attempts/:id/review': { params: (f) => ({ id: f.exam.attemptId }) },
  'GET /api/exam-attempts/:id/media/:fileId': {
    params: (f) => ({ id: f.exam.attemptId, fileId: randomUUID() }),
  },
  'PUT /api/exam-attempts/:id/answers/:questionId': {
    params: (f) => ({ id: f.exam.attemptId, questionId: 1 }),
    body: () => ({ answerId: 1 }),
  },
  'POST /api/exam-attempts/:id/submit': { params: (f) => ({ id: f.exam.attemptId }) },
  'GET /api/exam-sessions/:sessionId/live': { params: (f) => ({ sessionId: f.exam.sessionId }) },
  'POST /api/exam-sessions/:sessionId/bookings/:bookingId/admit': {
    params: (f) => ({ sessionId: f.exam.sessionId, bookingId: f.exam.bookingId }),
    body: () => ({ reason: 'cross-owner probe' }),
  },
  'POST /api/exam-attempts/:id/extra-time': {
    params: (f) => ({ id: f.exam.attemptId }),
    body: () => ({ minutes: 5, reason: 'cross-owner probe' }),
  },
  'POST /api/exam-attempts/:id/restart': {
    params: (f) => ({ id: f.exam.attemptId }),
    body: () => ({ reason: 'cross-owner probe' }),
  },
  'POST /api/exam-attempts/:id/stop': {
    params: (f) => ({ id: f.exam.attemptId }),
    body: () => ({ reason: 'cross-owner probe' }),
  },
  'PUT /api/bookings/:id/attendance': {
    params: (f) => ({ id: f.exam.bookingId }),
    body: () => ({ status: 'Attended' }),
  },
  'PUT /api/exam-attempts/:id/practical-score': {
    params: (f) => ({ id: f.exam.attemptId }),
    body: () => ({ score: 1 }),
  },
  'GET /api/students/:id': { params: student },
  'PATCH /api/students/:id': {
    params: student,
    // The login e-mail and phone as stored: an edit never changes them (a contact change does).
    body: (foreign) => ({
      ...newStudentFields(foreign.ownBranchId),
      email: foreign.student.email,
      mobile: foreign.student.phone,
    }),
  },
  'POST /api/students/:id/contact-change': { params: student, body: () => ({ phone: '0589000777' }) },
  'POST /api/students/:id/contact-change/verify': {
    params: student,
    body: (foreign) => ({ code: foreign.contactCode }),
  },
  'POST /api/students/:id/hold': { params: student, body: () => ({ reason: 'cross-owner probe' }) },
  'POST /api/students/:id/unhold': { params: student, body: () => ({ reason: 'cross-owner probe' }) },
  'POST /api/students/:id/transfer': {
    params: student,
    body: (foreign) => ({ branchId: foreign.ownBranchId, reason: 'cross-owner probe' }),
  },
  'PUT /api/students/:id/attachments/:kind': {
    params: (foreign) => ({ id: foreign.student.id, kind: 'photo' }),
    file: { field: 'file', bytes: PNG_BYTES },
  },
  'GET /api/students/by-id-number/:idNumber': {
    params: (foreign) => ({ idNumber: foreign.student.idNumber }),
  },
  'GET /api/corporate/students/:id': { params: student },
  'DELETE /api/corporate/students/:id': { params: student },
  'GET /api/branches/:id': { params: otherBranch },
  'PATCH /api/branches/:id': { params: otherBranch, body: () => ({}) },
  'GET /api/branches/:id/classrooms': { params: otherBranch },
  'POST /api/branches/:id/classrooms': {
    params: otherBranch,
    body: () => ({ name: 'Cross-owner probe room', capacity: 10 }),
  },
  'PATCH /api/classrooms/:id': { params: classroom, body: () => ({ name: 'Probe room', capacity: 10 }) },
  'DELETE /api/classrooms/:id': { params: classroom },
  'GET /api/sessions/:id': { params: session },
  'PATCH /api/sessions/training/:id': {
    params: session,
    body: (foreign) => ({ ...sessionBody(foreign), delivery: 'in_person', instructorId: 1 }),
  },
  'PATCH /api/sessions/exam/:id': {
    params: session,
    body: (foreign) => ({ ...sessionBody(foreign), examType: 'Assessment', examinerId: 1 }),
  },
  'POST /api/sessions/:id/cancel': { params: session },
  'GET /api/users/:id': { params: staffUser },
  'PATCH /api/users/:id': {
    params: staffUser,
    body: (foreign) => {
      const {
        password: _password,
        rePassword: _rePassword,
        ...fields
      } = newStaffFields({
        ...foreign.staffPlaces,
        branchId: foreign.ownBranchId,
      });
      return fields;
    },
  },
  'PATCH /api/users/:id/status': { params: staffUser, body: () => ({ status: 'inactive' }) },
  'GET /api/permission-groups/:id': {
    notOwned: 'any group editor may read the groups; issue 9 §2 restricts editing them',
  },
  'PATCH /api/permission-groups/:id': {
    params: (foreign) => ({ id: foreign.groupId }),
    body: (foreign) => foreign.groupBody,
  },
  'GET /api/corporates/:id': { params: otherCorporate },
  'PATCH /api/corporates/:id': { params: otherCorporate, body: () => ({}) },
  'PUT /api/corporates/:id/attachments/:kind': {
    params: (foreign, prober) => {
      const own = otherCorporate(foreign, prober);
      return own && { ...own, kind: 'crCopy' };
    },
    file: { field: 'file', bytes: PDF_BYTES },
  },
  'POST /api/corporates/:id/contact-change': {
    params: otherCorporate,
    body: () => ({ email: 'probe@corporate.test' }),
  },
  'POST /api/corporates/:id/contact-change/verify': {
    params: otherCorporate,
    body: () => ({ code: '000000' }),
  },
  'GET /api/files/:id': { params: (foreign) => ({ id: foreign.fileId }) },
  'GET /api/centers/:id': { params: center },
  'PATCH /api/centers/:id': { params: center, body: () => ({}) },
  'POST /api/centers/:id/approve': { params: center, body: () => ({}) },
  'POST /api/centers/:id/reject': { params: center, body: () => ({ reason: 'cross-owner probe' }) },
  'GET /api/exam-checkins/:bookingId': { params: (foreign) => ({ bookingId: foreign.bookingId }) },
  'POST /api/exam-checkins/:bookingId/id-number': {
    params: (foreign) => ({ bookingId: foreign.bookingId }),
    body: (foreign) => ({ idNumber: foreign.student.idNumber }),
  },
  'PUT /api/exam-checkins/:bookingId/photos/:kind': {
    params: (foreign) => ({ bookingId: foreign.bookingId, kind: 'live' }),
    file: { field: 'file', bytes: PNG_BYTES },
  },
  'GET /api/exam-checkins/:bookingId/photos/:kind': {
    params: (foreign) => ({ bookingId: foreign.bookingId, kind: 'live' }),
  },
  'POST /api/exam-checkins/:bookingId/fingerprint': {
    params: (foreign) => ({ bookingId: foreign.bookingId }),
    body: () => ({ sample: 'dev1.demo-right-index.probe' }),
  },
  'GET /api/students/:id/fingerprint': { params: student },
  'PUT /api/students/:id/fingerprint': {
    params: student,
    body: () => ({
      finger: 'right-index',
      captures: [1, 2, 3, 4].map((n) => `dev1.demo-right-index.probe${n}`),
    }),
  },
  'DELETE /api/students/:id/fingerprint': { params: student },
  'GET /api/bookings/:id': { params: (foreign) => ({ id: foreign.bookingId }) },
  'POST /api/bookings/:id/cancel': { params: (foreign) => ({ id: foreign.bookingId }), body: () => ({}) },
  'POST /api/bookings/:id/move': {
    params: (foreign) => ({ id: foreign.bookingId }),
    body: (foreign) => ({ sessionId: foreign.moveTargetId }),
  },
  'GET /api/payments/checkout/:id': { params: (foreign) => ({ id: foreign.bookingId }) },
  'GET /api/payments/:id': { params: (foreign) => ({ id: foreign.paymentId }) },
  'GET /api/payments/:id/wire-copy': { params: (foreign) => ({ id: foreign.paymentId }) },
  'POST /api/payments/:id/confirm-wire': { params: (foreign) => ({ id: foreign.paymentId }) },
  'POST /api/payments/:id/reject-wire': {
    params: (foreign) => ({ id: foreign.paymentId }),
    body: () => ({ reason: 'cross-owner probe' }),
  },
  'GET /api/refund-requests/:id': { params: (foreign) => ({ id: foreign.refundRequestId }) },
  'GET /api/refund-requests/refundable/:id': { params: (foreign) => ({ id: foreign.paidPaymentId }) },
  'POST /api/refund-requests/:id/approve': {
    params: (foreign) => ({ id: foreign.refundRequestId }),
    body: () => ({}),
  },
  'POST /api/refund-requests/:id/reject': {
    params: (foreign) => ({ id: foreign.refundRequestId }),
    body: () => ({ note: 'cross-owner probe' }),
  },
  'POST /api/refund-requests/:id/retry-payout': { params: (foreign) => ({ id: foreign.refundRequestId }) },
  // A payer's balance belongs to no branch: finance (read_10) reads every payer's; a payer only its own.
  'GET /api/balances/:kind/:id': {
    params: (foreign, prober) =>
      STAFF_PROBERS.has(prober)
        ? undefined
        : prober === 'corporate'
          ? { kind: 'corporate', id: foreign.corporateId }
          : { kind: 'student', id: foreign.student.id },
  },
  // Daily closings (issue 13, F2): a branch admin reads every branch's (finance read: accountants
  // compare the branches), so only its writes are probed; a teller closes and reads its own branch.
  'GET /api/daily-closings/:id': { params: foreignClosing(false) },
  'GET /api/daily-closings/:id/deposit-slip': { params: foreignClosing(false) },
  'PUT /api/daily-closings/:id/deposit-slip': {
    params: foreignClosing(true),
    file: { field: 'file', bytes: PDF_BYTES },
  },
  'POST /api/daily-closings/:id/finish': { params: foreignClosing(true) },
  'GET /api/invoices/:id': { params: (foreign) => ({ id: foreign.invoiceId }) },
  'GET /api/invoices/:id/pdf': { params: (foreign) => ({ id: foreign.invoiceId }) },
  'GET /api/amana-invoices/:id': { params: (foreign) => ({ id: foreign.amanaInvoiceId }) },
  'GET /api/amana-invoices/:id/pdf': { params: (foreign) => ({ id: foreign.amanaInvoiceId }) },
  'POST /api/amana-invoices/:id/verify': {
    params: (foreign) => ({ id: foreign.amanaInvoiceId }),
    body: (foreign) => ({
      batchNumber: 'PROBE-BATCH-1',
      lines: [{ lineId: foreign.amanaLineId, reference: '1010999999' }],
    }),
  },
  'GET /api/dev-gateway/pay/:id': {
    notOwned:
      'the development gateway stands for the card gateway’s own page (loopback only); the payment is its payer’s once confirmed by fetch',
  },
  'POST /api/dev-gateway/pay/:id': {
    notOwned:
      'the development gateway stands for the card gateway’s own page (loopback only); the payment is its payer’s once confirmed by fetch',
  },
  'GET /api/courses/:id': { notOwned: 'courses are the centre’s catalogue, shared by every branch' },
  'PATCH /api/courses/:id': { notOwned: 'courses are shared; who may change one is policy.ts' },
  'PUT /api/courses/:id/sessions': { notOwned: 'courses are shared' },
  'PUT /api/courses/:id/exam': { notOwned: 'courses are shared' },
  'PUT /api/courses/:id/image': { notOwned: 'courses are shared' },
  'GET /api/courses/:id/image': { notOwned: 'a course image is shown to every session' },
  'GET /api/products/:id': { notOwned: 'products are the centre’s catalogue' },
  'PATCH /api/products/:id': { notOwned: 'products are the centre’s catalogue' },
  'PUT /api/products/:id/image': { notOwned: 'products are the centre’s catalogue' },
  'GET /api/public/products/:id': { notOwned: 'public catalogue' },
  'GET /api/public/product-images/:fileId': { notOwned: 'public catalogue images' },
  'GET /api/fee-setups/:id': { notOwned: 'fee setups are head-office settings, shared' },
  'PATCH /api/fee-setups/:id': { notOwned: 'fee setups are head-office settings, shared' },
  'GET /api/ledger-accounts/:id': { notOwned: 'ledger accounts are head-office settings, shared' },
  'PATCH /api/ledger-accounts/:id': { notOwned: 'ledger accounts are head-office settings, shared' },
  'DELETE /api/ledger-accounts/:id': { notOwned: 'ledger accounts are head-office settings, shared' },
};

/** Whether an answer came from past the route's access rule (the access plugin refuses with 401 or 403 FORBIDDEN). */
function passedAccess(response: { statusCode: number; json: () => { code?: string } }): boolean {
  if (response.statusCode === 401) return false;
  return !(response.statusCode === 403 && response.json().code === 'FORBIDDEN');
}

function urlOf(template: string, params: Record<string, string | number>): string {
  return template.replace(/:(\w+)/g, (_match, key: string) => encodeURIComponent(String(params[key])));
}

function callProbe(method: string, url: string, probe: Probe, token: string) {
  let payload: string | object | undefined;
  if (probe.file) {
    const form = new FormData();
    form.append(probe.file.field, new Blob([probe.file.bytes]), 'probe.bin');
    payload = form;
  } else if (probe.body) payload = probe.body(foreign) as object;
  // A fresh key each call: money writes refuse to run without one, before any ownership rule.
  return t.call({
    method: method as 'GET',
    url,
    token,
    payload,
    headers: { 'idempotency-key': randomUUID() },
    remoteAddress: suiteAddress(),
  });
}

let t: TestApp;
let admin: string;
let sessions: Record<Prober, Session>;
let foreign: Foreign;

/** Finds or makes the foreign rows: all outside RUH-01, the first corporate and the demo student. */
async function prepareForeignRows(): Promise<Foreign> {
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
  const [row] = await t.db
    .select({
      id: students.id,
      userId: students.userId,
      idNumber: users.idNumber,
      email: users.email,
      phone: users.phone,
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(eq(students.branchId, places.jeddahId), eq(students.corporateId, secondCorporate.id)));
  if (!row?.idNumber || !row.phone) throw new Error('no demo student of the second corporate in JED-01');
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

  const staff = await t.call({
    method: 'POST',
    url: '/api/users',
    token: admin,
    payload: newStaffFields({ tellerGroupId: places.tellerGroupId, branchId: places.jeddahId }),
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
  const paymentOf = {
    purpose: 'booking' as const,
    bookingId: booking.id,
    payerCorporateId: secondCorporate.id,
  };
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
    student: { id: row.id, idNumber: row.idNumber, email: row.email, phone: row.phone },
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
    exam: await insertForeignSitting(t),
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await sessionOf(t, 'superadmin@tasreeh.test')).token;
  foreign = await prepareForeignRows();
  sessions = {} as Record<Prober, Session>;
  for (const prober of PROBERS)
    sessions[prober] = await sessionOf(t, `${prober.replace(' ', '').toLowerCase()}@tasreeh.test`);
});
afterAll(async () => {
  await t.close();
});

describe('cross-owner probes on every route with an id', () => {
  it('shows no prober a row it must not see, and answers none with a 5xx', async () => {
    const idRoutes = apiRoutes(t).filter((route) => route.url.includes(':'));
    const unclassified = idRoutes
      .map((route) => `${route.method} ${route.url}`)
      .filter((name) => !(name in PROBES));
    // Reads first: a write that leaks changes the row, and the reads after it would then be allowed.
    const ordered = [...idRoutes].sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'));
    const leaks: string[] = [];
    const serverErrors: string[] = [];
    const byStatus: Record<number, number> = {};
    const pastAccess = new Set<string>();
    let calls = 0;
    let probedRoutes = 0;
    for (const route of ordered) {
      const name = `${route.method} ${route.url}`;
      const probe = PROBES[name];
      if (!probe || 'notOwned' in probe) continue;
      probedRoutes++;
      for (const prober of PROBERS) {
        const params = probe.params(foreign, prober);
        if (!params) continue;
        const url = urlOf(route.url, params);
        const response = await callProbe(route.method, url, probe, sessions[prober].token);
        calls++;
        byStatus[response.statusCode] = (byStatus[response.statusCode] ?? 0) + 1;
        if (passedAccess(response)) pastAccess.add(name);
        const line = `${name} as ${prober} (${url}): ${response.statusCode} ${response.body.slice(0, 160)}`;
        if (process.env.SECURITY_VERBOSE === '1') console.info(line);
        if (response.statusCode >= 200 && response.statusCode < 300) leaks.push(line);
        if (response.statusCode >= 500) serverErrors.push(line);
      }
    }
    // Control: where a prober got past the route's access rule, the same request by the super admin,
    // who may see every row, must pass validation (no 400): the probers' refusals above are then
    // the ownership rules, not a bad body.
    const invalidBodies: string[] = [];
    for (const route of ordered) {
      const name = `${route.method} ${route.url}`;
      const probe = PROBES[name];
      if (!probe || 'notOwned' in probe || !pastAccess.has(name)) continue;
      const params = PROBERS.map((prober) => probe.params(foreign, prober)).find(Boolean);
      if (!params) continue;
      const response = await callProbe(route.method, urlOf(route.url, params), probe, admin);
      calls++;
      if (response.statusCode === 400) invalidBodies.push(`${name}: ${response.body.slice(0, 200)}`);
    }
    const notOwned = idRoutes.filter((route) => {
      const probe = PROBES[`${route.method} ${route.url}`];
      return probe !== undefined && 'notOwned' in probe;
    }).length;
    console.info(
      [
        `cross-owner: ${idRoutes.length} routes with an id (${probedRoutes} probed, ${notOwned} with no owner to cross), ${calls} calls by ${PROBERS.join(', ')}; by status ${JSON.stringify(byStatus)}`,
        `  leaks (2xx): ${leaks.length}${leaks.map((line) => `\n    ${line}`).join('')}`,
        `  5xx: ${serverErrors.length}${serverErrors.map((line) => `\n    ${line}`).join('')}`,
        `  probe bodies the super admin's control call found invalid (400): ${invalidBodies.length}${invalidBodies.map((line) => `\n    ${line}`).join('')}`,
        `  routes with an id not classified in PROBES: ${unclassified.length}${unclassified.map((line) => `\n    ${line}`).join('')}`,
      ].join('\n'),
    );
    expect({ leaks, serverErrors, invalidBodies, unclassified }).toEqual({
      leaks: [],
      serverErrors: [],
      invalidBodies: [],
      unclassified: [],
    });
  }, 300_000);
});
