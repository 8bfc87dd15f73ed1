import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeclaredRoute } from '../plugins/access.ts';
import { DEMO_SECOND_CORPORATE } from '../seed/demo-students.ts';
import { PDF_BYTES, PNG_BYTES } from '../test/files.ts';
import { newStudentFields } from '../test/students.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { newStaffFields } from '../test/users.ts';
import { type Session, sessionOf, suiteAddress } from './actors.ts';
import {
  type Foreign,
  markersFor,
  PROBERS,
  type Prober,
  prepareForeignRows,
  STAFF_PROBERS,
} from './foreign-rows.ts';
import { personDataOf } from './person-data.ts';
import { responseText } from './response-text.ts';
import { apiRoutes, openApiDocument, operationOf } from './routes.ts';

/**
 * Cross-owner probes, by a branch-bound staff member (branch admin and teller of RUH-01), a
 * student and a corporate, with rows they must not see — another branch's, another student's,
 * another corporate's (foreign-rows.ts):
 * - every route with an id in its path, with the foreign row's id and, for writes, a body that
 *   would pass validation: any 2xx is a leak; a person's details answer 404 (or a refusal);
 * - every route whose answer holds a person's data (person-data.ts, read from the route table's
 *   response schemas): a list, searched for the foreign person, must not show it (its names,
 *   ID number, e-mail, phone); a route that is neither probed nor exempt with a reason fails the
 *   suite, so a new one cannot be missed (decision 0026).
 */

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
  'POST /api/certificates/:id/reissue': {
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
  // A write without an id that answers a person's data: a refund request of another branch's payment.
  'POST /api/refund-requests': {
    params: () => ({}),
    body: (foreign) => ({
      paymentId: foreign.paidPaymentId,
      amount: 100,
      reason: 'cross-owner probe',
      payout: 'balance',
    }),
  },
  'POST /api/refund-requests/:id/approve': {
    params: (foreign) => ({ id: foreign.refundRequestId }),
    body: () => ({}),
  },
  'POST /api/refund-requests/:id/reject': {
    params: (foreign) => ({ id: foreign.refundRequestId }),
    body: () => ({ note: 'cross-owner probe' }),
  },
  'POST /api/refund-requests/:id/retry-payout': { params: (foreign) => ({ id: foreign.refundRequestId }) },
  // A student's balance by the students' rule (its branch), a corporate's by the corporates' (no
  // branch: any finance reader), a payer only its own (decision 0026).
  'GET /api/balances/:kind/:id': {
    params: (foreign, prober) =>
      prober === 'corporate'
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
  'POST /api/jobs/:queue/:id/retry': {
    notOwned: 'background jobs are the whole centre’s machinery, seen and steered by the super admin only',
  },
  'POST /api/jobs/:queue/:id/cancel': {
    notOwned: 'background jobs are the whole centre’s machinery, seen and steered by the super admin only',
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

/**
 * Routes that answer a person's data but are not probed, each with the reason. Every other
 * person-data route is probed: one with an id through PROBES, a list (a GET without one) searched
 * for the foreign person, a write without an id through PROBES with a body naming a foreign row.
 */
const PERSON_DATA_EXEMPT: Record<string, string> = {
  'POST /api/auth/login': 'answers the caller’s own account, to whoever knows its password',
  'POST /api/auth/test-token': 'answers the caller’s own account',
  'POST /api/check-user-exists':
    'the forgot-password step: the masked phone of the account the caller names, by design (spec §7)',
  'POST /api/users/create-otp': 'sends a code to the account’s own phone and answers it masked',
  'GET /api/public/certificates':
    'the public inquiry: masked name and ID of one certificate, behind a proof of work (decision 0017)',
  'POST /api/public/certificates/photo':
    'the holder’s photo of a certificate in force, to whoever holds its signed code, never by an id (decision 0025)',
  'GET /api/corporates':
    'a corporate belongs to no branch: every staff member with read_4 reads every corporate; a corporate may not call it',
  'GET /api/journal/export':
    'the journal: accounts, amounts and memos of payment and document numbers, no one’s data',
  'GET /api/finance-reports/revenue/export':
    'figures grouped by day, branch, method or course: no one’s data',
  'GET /api/payments/callback': 'the card gateway’s return: a redirect to the payer’s own screen',
  'POST /api/payments/webhook': 'the card gateway’s signed notice: answers the gateway only',
};

/**
 * Routes whose row is checked after the body (a refused prober gets the body's 400 before the
 * row's 404), each with why. Every other probed route refuses a foreign row before it reads the
 * body or the query (decision 0027).
 */
const BODY_BEFORE_ROW: Record<string, string> = {
  'PUT /api/exam-attempts/:id/answers/:questionId':
    'the candidate’s hottest write is one statement that finds its own open attempt; the body’s schema is the one the candidate uses on its own attempt',
  'POST /api/refund-requests':
    'the payment is named in the body, not the path: a body its schema refuses names no payment, as a path the params schema refuses names no row (rowGuard)',
};

/** The probe again with one field no schema knows: in the query of a read, as the body of a write. */
function callWithJunk(method: string, url: string, token: string) {
  const read = method === 'GET' || method === 'DELETE';
  return t.call({
    method: method as 'GET',
    url: read ? `${url}?probeJunk=1` : url,
    token,
    payload: read ? undefined : { probeJunk: 1 },
    headers: { 'idempotency-key': randomUUID() },
    remoteAddress: suiteAddress(),
  });
}

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
/** Those who see the foreign rows: the super admin, and the foreign person's corporate (its own lists). */
let controls: string[];
let foreign: Foreign;
let document: OpenAPIV3.Document;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await sessionOf(t, 'superadmin@tasreeh.test')).token;
  foreign = await prepareForeignRows(t, admin);
  sessions = {} as Record<Prober, Session>;
  for (const prober of PROBERS)
    sessions[prober] = await sessionOf(t, `${prober.replace(' ', '').toLowerCase()}@tasreeh.test`);
  controls = [admin, (await sessionOf(t, DEMO_SECOND_CORPORATE.email)).token];
  document = await openApiDocument(t);
});
afterAll(async () => {
  await t.close();
});

const nameOf = (route: DeclaredRoute) => `${route.method} ${route.url}`;
const isPersonDetail = (route: DeclaredRoute) =>
  route.method === 'GET' && route.url.includes(':') && personDataOf(document, route) !== undefined;
/** A person's details refused: by the access rule, or as a row that does not exist for the caller. */
const REFUSED_DETAIL = new Set([401, 403, 404]);

/** The calls of a run of probes: their count, their answers by status, the leaks and the 5xx. */
class Tally {
  calls = 0;
  readonly byStatus: Record<number, number> = {};
  readonly leaks: string[] = [];
  readonly serverErrors: string[] = [];

  count(response: LightMyRequestResponse, line: string): void {
    this.calls++;
    this.byStatus[response.statusCode] = (this.byStatus[response.statusCode] ?? 0) + 1;
    if (response.statusCode >= 500) this.serverErrors.push(line);
  }
}

/** The probes of PROBES: a 2xx is a leak; a person's details say 404 (or refuse by access). */
async function probeNamedRoutes(routes: DeclaredRoute[]) {
  const result = Object.assign(new Tally(), {
    personLeaks: [] as string[],
    detailAnswers: [] as string[],
    invalidBodies: [] as string[],
    /** Refusals that, with a bad field, answered otherwise: the body was read before the row was refused. */
    bodyBeforeRow: [] as string[],
    refusalsRetried: 0,
  });
  const pastAccess = new Set<string>();
  // Reads first: a write that leaks changes the row, and the reads after it would then be allowed.
  const ordered = [...routes].sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'));
  for (const route of ordered) {
    const probe = PROBES[nameOf(route)];
    if (!probe || 'notOwned' in probe) continue;
    for (const prober of PROBERS) {
      const params = probe.params(foreign, prober);
      if (!params) continue;
      const url = urlOf(route.url, params);
      const response = await callProbe(route.method, url, probe, sessions[prober].token);
      const line = `${nameOf(route)} as ${prober} (${url}): ${response.statusCode} ${response.body.slice(0, 160)}`;
      result.count(response, line);
      if (process.env.SECURITY_VERBOSE === '1') console.info(line);
      if (passedAccess(response)) pastAccess.add(nameOf(route));
      if (response.statusCode >= 200 && response.statusCode < 300) {
        result.leaks.push(line);
        if (personDataOf(document, route) !== undefined) result.personLeaks.push(line);
      }
      if (isPersonDetail(route) && !REFUSED_DETAIL.has(response.statusCode)) result.detailAnswers.push(line);
      if (response.statusCode < 400 || nameOf(route) in BODY_BEFORE_ROW) continue;
      // The refusal must not wait for the body: with a bad field it is the same refusal, not a 400.
      const junk = await callWithJunk(route.method, url, sessions[prober].token);
      result.calls++;
      result.refusalsRetried++;
      if (junk.statusCode !== response.statusCode)
        result.bodyBeforeRow.push(
          `${line.slice(0, line.indexOf(': '))}: ${response.statusCode}, with a bad field ${junk.statusCode}`,
        );
    }
  }
  // Control: where a prober got past the route's access rule, the same request by the super admin,
  // who may see every row, must pass validation (no 400): the probers' refusals above are then
  // the ownership rules, not a bad body.
  for (const route of ordered) {
    const probe = PROBES[nameOf(route)];
    if (!probe || 'notOwned' in probe || !pastAccess.has(nameOf(route))) continue;
    const params = PROBERS.map((prober) => probe.params(foreign, prober)).find(Boolean);
    if (!params) continue;
    const response = await callProbe(route.method, urlOf(route.url, params), probe, admin);
    result.calls++;
    if (response.statusCode === 400)
      result.invalidBodies.push(`${nameOf(route)}: ${response.body.slice(0, 200)}`);
  }
  return result;
}

/** Query values that find the foreign person, by parameter name. */
const searchesOf = (person: Foreign['student']): Record<string, string[]> => ({
  search: [person.idNumber, person.nameEn],
  idNumber: [person.idNumber],
});
/** Values for a list's required parameters that its schema does not choose itself. */
const REQUIRED_VALUES: Record<string, string> = { from: '2000-01-01', to: '2099-12-31' };

/**
 * The queries a list is probed with: as it opens (its required parameters filled, its largest
 * page), then searched for the foreign person by each parameter that searches.
 */
function listQueries(route: DeclaredRoute): Record<string, string>[] {
  const parameters = ((operationOf(document, route)?.parameters ?? []) as OpenAPIV3.ParameterObject[]).filter(
    (parameter) => parameter.in === 'query',
  );
  const base: Record<string, string> = {};
  for (const parameter of parameters) {
    // The document's parameters are schemas, never references (the Zod provider inlines them).
    const schema = parameter.schema as OpenAPIV3.SchemaObject | undefined;
    const required = REQUIRED_VALUES[parameter.name];
    if (parameter.name === 'limit' && schema?.maximum !== undefined) base.limit = String(schema.maximum);
    else if (parameter.required && required !== undefined) base[parameter.name] = required;
  }
  const searches = searchesOf(foreign.student);
  const searched = parameters.flatMap((parameter) =>
    (searches[parameter.name] ?? []).map((value) => ({ ...base, [parameter.name]: value })),
  );
  return [base, ...searched];
}

const withQuery = (url: string, query: Record<string, string>) =>
  Object.keys(query).length === 0 ? url : `${url}?${new URLSearchParams(query)}`;

/**
 * Every person-data list (a GET without an id, not exempt), as each prober, as it opens and
 * searched for the foreign person: no answer may name someone foreign to that prober. Control:
 * where a prober got past the access rule, the same queries by those who see the foreign rows
 * must show them — else the probe proved nothing, and the foreign rows need one here.
 */
async function probeLists(routes: DeclaredRoute[]) {
  const result = Object.assign(new Tally(), { unproven: [] as string[] });
  for (const route of routes) {
    const name = nameOf(route);
    const queries = listQueries(route);
    const passed: Prober[] = [];
    for (const prober of PROBERS) {
      for (const query of queries) {
        const url = withQuery(route.url, query);
        const response = await t.call({
          method: 'GET',
          url,
          token: sessions[prober].token,
          remoteAddress: suiteAddress(),
        });
        const line = `${name} as ${prober} (${url}): ${response.statusCode}`;
        result.count(response, line);
        if (passedAccess(response) && !passed.includes(prober)) passed.push(prober);
        if (response.statusCode < 200 || response.statusCode >= 300) continue;
        const text = await responseText(response);
        const named = markersFor(foreign, prober).filter((marker) => text.includes(marker));
        if (named.length > 0) result.leaks.push(`${line} names ${named.join(', ')}`);
      }
    }
    if (passed.length === 0) continue;
    const foreignToThem = new Set(passed.flatMap((prober) => markersFor(foreign, prober)));
    let shown = false;
    for (const token of controls) {
      for (const query of queries) {
        const response = await t.call({
          method: 'GET',
          url: withQuery(route.url, query),
          token,
          remoteAddress: suiteAddress(),
        });
        result.calls++;
        if (process.env.SECURITY_VERBOSE === '1')
          console.info(
            `control ${name} ${JSON.stringify(query)}: ${response.statusCode} ${response.body.slice(0, 300)}`,
          );
        if (response.statusCode >= 300) continue;
        const text = await responseText(response);
        if ([...foreignToThem].some((marker) => text.includes(marker))) shown = true;
      }
    }
    if (!shown) result.unproven.push(`${name} (past its access rule: ${passed.join(', ')})`);
  }
  return result;
}

const lines = (list: readonly string[]) => `${list.length}${list.map((line) => `\n    ${line}`).join('')}`;

describe('cross-owner probes', () => {
  it('shows no prober a row or a person it must not see, and answers none with a 5xx', async () => {
    const routes = apiRoutes(t);
    const idRoutes = routes.filter((route) => route.url.includes(':'));
    const unclassified = idRoutes.map(nameOf).filter((name) => !(name in PROBES));
    const personRoutes = routes.filter((route) => personDataOf(document, route) !== undefined);
    const lists = personRoutes.filter(
      (route) => route.method === 'GET' && !route.url.includes(':') && !(nameOf(route) in PERSON_DATA_EXEMPT),
    );
    const personUnclassified = personRoutes
      .filter((route) => !route.url.includes(':') && route.method !== 'GET')
      .map(nameOf)
      .filter((name) => !(name in PROBES) && !(name in PERSON_DATA_EXEMPT));
    const staleExemptions = Object.keys(PERSON_DATA_EXEMPT).filter(
      (name) => !personRoutes.some((route) => nameOf(route) === name),
    );
    // Lists first: the control calls of PROBES' writes change the foreign rows (a transfer moves the person).
    const listed = await probeLists(lists);
    const named = await probeNamedRoutes(routes.filter((route) => nameOf(route) in PROBES));

    const notOwned = idRoutes.filter((route) => {
      const probe = PROBES[nameOf(route)];
      return probe !== undefined && 'notOwned' in probe;
    }).length;
    const personReads = new Set([...named.personLeaks, ...named.detailAnswers, ...listed.leaks]).size;
    console.info(
      [
        `cross-owner: ${idRoutes.length} routes with an id (${idRoutes.length - notOwned - unclassified.length} probed, ${notOwned} with no owner to cross), ${named.calls} calls by ${PROBERS.join(', ')}; by status ${JSON.stringify(named.byStatus)}`,
        `  leaks (2xx): ${lines(named.leaks)}`,
        `  person details answered other than 404 or a refusal: ${lines(named.detailAnswers)}`,
        `  5xx: ${lines([...named.serverErrors, ...listed.serverErrors])}`,
        `  refusals sent again with a bad field: ${named.refusalsRetried}; answered otherwise (the body read before the row was refused): ${lines(named.bodyBeforeRow)}`,
        `  probe bodies the super admin's control call found invalid (400): ${lines(named.invalidBodies)}`,
        `  routes with an id not classified in PROBES: ${lines(unclassified)}`,
        `person data: ${personRoutes.length} routes answer a person's data (from the route table's response schemas), ${lists.length} lists probed in ${listed.calls} calls, ${Object.keys(PERSON_DATA_EXEMPT).length} exempt with a reason`,
        `  cross-branch person reads: ${personReads}`,
        `  lists naming a foreign person: ${lines(listed.leaks)}`,
        `  lists whose control did not show the foreign person (the probe proves nothing): ${lines(listed.unproven)}`,
        `  person-data writes without an id neither probed nor exempt: ${lines(personUnclassified)}`,
        `  exemptions of routes that answer no person's data: ${lines(staleExemptions)}`,
      ].join('\n'),
    );
    expect({
      leaks: named.leaks,
      detailAnswers: named.detailAnswers,
      listLeaks: listed.leaks,
      serverErrors: [...named.serverErrors, ...listed.serverErrors],
      bodyBeforeRow: named.bodyBeforeRow,
      invalidBodies: named.invalidBodies,
      unproven: listed.unproven,
      unclassified,
      personUnclassified,
      staleExemptions,
    }).toEqual({
      leaks: [],
      detailAnswers: [],
      listLeaks: [],
      serverErrors: [],
      bodyBeforeRow: [],
      invalidBodies: [],
      unproven: [],
      unclassified: [],
      personUnclassified: [],
      staleExemptions: [],
    });
  }, 300_000);
});
