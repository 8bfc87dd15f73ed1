import { dashboardPathOf } from '@tasreeh/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, centers, outbox, users } from '../../db/schema/index.ts';
import { loginCenter, newCenterFields, registerCenter, registerVerifiedCenter } from '../../test/centers.ts';
import { PDF_BYTES, PNG_BYTES, TEXT_BYTES } from '../../test/files.ts';
import { verifyPhone } from '../../test/phone.ts';
import { atOnce, expectOneWinner, RACERS } from '../../test/races.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
});
afterAll(async () => {
  await t.close();
});

const withPassword = (fields: Record<string, string>, phoneToken = 'x') => ({
  ...fields,
  password: 'Strong@2026',
  rePassword: 'Strong@2026',
  phoneToken,
});
const review = (id: number, action: 'approve' | 'reject', payload?: object, lang?: 'en' | 'ar') =>
  t.call({ method: 'POST', url: `/api/centers/${id}/${action}`, token: admin, payload, lang });
const latestMessages = (count: number) => t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(count);

describe('POST /api/centers/register', () => {
  it('registers a training centre as pending, with its copies, whose login waits for approval', async () => {
    const fields = newCenterFields('training');
    const phoneToken = await verifyPhone(t, fields.mobile);
    const response = await registerCenter(t, withPassword(fields, phoneToken), {
      crCopy: PDF_BYTES,
      licenceCopy: PNG_BYTES,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Request has been submitted');

    const [row] = await t.db.select().from(centers).where(eq(centers.id, response.json().id));
    expect(row).toMatchObject({ kind: 'training', status: 'pending', regionCode: 'SA-01', cityId: 'riyadh' });
    expect(row?.crCopyFileId).toBeTruthy();
    expect(row?.licenceCopyFileId).toBeTruthy();
    const [login] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, row?.userId ?? 0));
    expect(login).toMatchObject({ type: 'training center', status: 'pending', phone: '+966560000001' });

    const pending = await loginCenter(t, fields.email);
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toMatchObject({
      code: 'REGISTRATION_PENDING',
      message: 'Your registration is awaiting approval.',
    });
    expect((await loginCenter(t, fields.email, 'ar')).json().message).toBe('تسجيلكم بانتظار الموافقة.');
    const wrong = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: fields.email, password: 'Wrong@2026' },
    });
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('audits a registration with the new login and the details, never the password, grant or copies', async () => {
    const { fields, id } = await registerVerifiedCenter(t, 'training', {}, { crCopy: PDF_BYTES });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'center.register'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const [login] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, fields.email));
    expect(audit).toMatchObject({
      entity: 'centers',
      entityId: String(id),
      after: { userId: login?.id, crNumber: fields.crNumber },
    });
    expect(JSON.stringify(audit?.after)).not.toMatch(/Strong@2026|password|phoneToken|crCopy|files/);
  });

  it('refuses a mobile that was not verified, or a grant for another mobile', async () => {
    const fields = newCenterFields();
    expect((await registerCenter(t, withPassword(fields))).json()).toMatchObject({
      code: 'PHONE_NOT_VERIFIED',
      message: 'Please verify your phone number.',
    });
    const otherToken = await verifyPhone(t, '0569999999');
    expect((await registerCenter(t, withPassword(fields, otherToken))).json().code).toBe(
      'PHONE_NOT_VERIFIED',
    );
  });

  it.each([
    [{ nameEn: ' ' }, 'nameEn', 'Please enter name'],
    [{ nameAr: 'Skills Centre' }, 'nameAr', 'Please enter the name in Arabic letters'],
    [{ crNumber: '12345' }, 'crNumber', 'The commercial registration number must be 10 digits.'],
    [{ crExpiry: '' }, 'crExpiry', 'Please enter date'],
    [{ crExpiry: '2020-01-01' }, 'crExpiry', 'The expiry date has already passed.'],
    [{ licenceNumber: '' }, 'licenceNumber', 'Please enter the licence number.'],
    [{ licenceExpiry: '2021-05-01' }, 'licenceExpiry', 'The expiry date has already passed.'],
    [
      { vatNumber: '123456789012345' },
      'vatNumber',
      'The VAT number must be 15 digits, starting and ending with 3.',
    ],
    [{ region: 'SA-99' }, 'region', 'Please select region'],
    [{ city: 'jeddah' }, 'city', 'Please select city'],
    [{ address: '' }, 'address', 'Please enter the address.'],
    [{ contactName: '' }, 'contactName', 'Please enter name'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
    [{ mobile: '12' }, 'mobile', 'Phone number must be valid'],
    [{ password: 'weak', rePassword: 'weak' }, 'password', 'Password must be at least 8 characters.'],
    [{ rePassword: 'Other@2026' }, 'rePassword', 'Passwords do not match'],
    [{ kind: 'hospital' }, 'kind', 'This value is not valid.'],
  ])('refuses %j with the message for %s', async (overrides, field, message) => {
    const response = await registerCenter(t, { ...withPassword(newCenterFields()), ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBeDefined();
    expect(response.json().message).toBe(message);
  });

  it('accepts numbers typed in Arabic-Indic digits and with spaces', async () => {
    const fields = newCenterFields('medical', { crNumber: '٧٠٢٠٠٠٠٠٠١', vatNumber: '300 000 000 000 003' });
    const response = await registerCenter(t, withPassword(fields, await verifyPhone(t, fields.mobile)));
    expect(response.statusCode).toBe(201);
    const [row] = await t.db.select().from(centers).where(eq(centers.id, response.json().id));
    expect(row).toMatchObject({ crNumber: '7020000001', vatNumber: '300000000000003' });
  });

  it('refuses a copy that is not a PDF or an image, and unknown fields', async () => {
    const fields = newCenterFields();
    const phoneToken = await verifyPhone(t, fields.mobile);
    const fake = await registerCenter(t, withPassword(fields, phoneToken), { crCopy: TEXT_BYTES });
    expect(fake.json()).toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: 'This type of file is not allowed. Allowed: PDF, JPEG, PNG.',
    });
    const smuggled = await registerCenter(t, { ...withPassword(fields, phoneToken), status: 'approved' });
    expect(smuggled.json()).toMatchObject({ code: 'UNKNOWN_FIELD' });
    // The grant was not used up by the refused attempts.
    expect((await registerCenter(t, withPassword(fields, phoneToken))).statusCode).toBe(201);
  });

  it('answers a taken name of the same kind with "Name already exists", and a taken CR or e-mail as registered', async () => {
    const first = await registerVerifiedCenter(t, 'training');
    const sameName = await registerCenter(
      t,
      withPassword(newCenterFields('training', { nameEn: first.fields.nameEn })),
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({
      message: 'Name already exists',
      fields: { nameEn: 'NAME_EXISTS' },
    });
    const sameArabic = newCenterFields('training', { nameAr: first.fields.nameAr });
    expect((await registerCenter(t, withPassword(sameArabic), {}, 'ar')).json()).toMatchObject({
      message: 'الاسم موجود مسبقاً',
      fields: { nameAr: 'NAME_EXISTS' },
    });
    // Another kind may carry the same name.
    await registerVerifiedCenter(t, 'medical', { nameEn: first.fields.nameEn, nameAr: first.fields.nameAr });

    const taken: Record<string, string>[] = [
      { crNumber: first.fields.crNumber },
      { email: first.fields.email.toUpperCase() },
    ];
    for (const overrides of taken) {
      const response = await registerCenter(t, withPassword(newCenterFields('medical', overrides)));
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('Records already registered with this information.');
    }
  });
});

describe('approving and rejecting a registration', () => {
  it('approves a pending centre: its login opens, it is told, and the decision is audited', async () => {
    const { fields, id } = await registerVerifiedCenter(t, 'medical');
    const response = await review(id, 'approve');
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Records have been updated.');

    const login = await loginCenter(t, fields.email);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ type: 'medical center', status: 'active' });
    expect(dashboardPathOf(login.json().type)).toBe('/center/dashboard');
    const own = await t.call({ method: 'GET', url: '/api/center/profile', token: login.json().access_token });
    expect(own.json()).toMatchObject({
      id,
      status: 'approved',
      kind: 'medical',
      reviewedBy: { nameEn: 'Sara Al-Harbi' },
    });

    const messages = await latestMessages(2);
    expect(messages.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(messages.every((m) => m.body.includes('approved'))).toBe(true);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'center.approve'));
    expect(audit.some((row) => row.entityId === String(id))).toBe(true);

    const again = await review(id, 'reject', { reason: 'Too late' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This registration has already been reviewed.');
  });

  it('rejects only with a reason, keeps the login shut with a clear message, and tells the centre why', async () => {
    const { fields, id } = await registerVerifiedCenter(t, 'training');
    const missing = await review(id, 'reject', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please enter the reason.');
    expect((await review(id, 'reject', { reason: '   ' }, 'ar')).json().message).toBe('يرجى إدخال السبب.');

    const response = await review(id, 'reject', {
      reason: 'The TVTC licence number does not match the copy.',
    });
    expect(response.statusCode).toBe(200);
    const detail = (await t.call({ method: 'GET', url: `/api/centers/${id}`, token: admin })).json();
    expect(detail).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The TVTC licence number does not match the copy.',
    });
    expect(detail.reviewedAt).toBeTruthy();

    const login = await loginCenter(t, fields.email);
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({
      code: 'REGISTRATION_REJECTED',
      message: 'Your registration was not approved.',
    });
    expect((await loginCenter(t, fields.email, 'ar')).json().message).toBe('لم تتم الموافقة على تسجيلكم.');
    const [sms] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.channel, 'sms'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(sms?.body).toContain('does not match the copy');
    expect((await review(id, 'approve')).statusCode).toBe(409);
  });

  it('answers 404 for a centre that does not exist', async () => {
    expect((await review(999_999, 'approve')).statusCode).toBe(404);
  });

  it('carries the review ability while the registration is pending, for the super admin only, and the 409 after it', async () => {
    const { fields, id } = await registerVerifiedCenter(t, 'training');
    const detail = async () =>
      (await t.call({ method: 'GET', url: `/api/centers/${id}`, token: admin })).json();
    expect((await detail()).abilities).toEqual({ edit: true, review: true });
    expect((await review(id, 'approve')).statusCode).toBe(200);
    expect((await detail()).abilities).toEqual({ edit: true, review: false });
    const second = await review(id, 'reject', { reason: 'Too late' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('ALREADY_REVIEWED');
    // The centre reads its own record and may do nothing to it.
    const own = await t.call({
      method: 'GET',
      url: '/api/center/profile',
      token: (await loginCenter(t, fields.email)).json().access_token,
    });
    expect(own.json().abilities).toEqual({ edit: false, review: false });
  });
});

describe('POST /api/centers/:id/approve body', () => {
  it('refuses unknown fields and accepts an empty body', async () => {
    const { id } = await registerVerifiedCenter(t, 'training');
    const smuggled = await review(id, 'approve', { reason: 'no' });
    expect(smuggled.statusCode).toBe(400);
    expect(smuggled.json()).toMatchObject({ code: 'UNKNOWN_FIELD' });
    expect((await review(id, 'approve', {})).statusCode).toBe(200);
  });
});

describe('identical registrations at once (races on PostgreSQL with TEST_DATABASE_URL)', () => {
  it('registers one centre and answers the others "Name already exists", never a 500', async () => {
    const fields = newCenterFields('training');
    const form = withPassword(fields, await verifyPhone(t, fields.mobile));
    const responses = await atOnce(() => registerCenter(t, form, { crCopy: PDF_BYTES }));
    expectOneWinner(responses, 201, { code: 'NAME_EXISTS', field: 'nameEn' });
    const logins = await t.db.select({ id: users.id }).from(users).where(eq(users.email, fields.email));
    expect(logins).toHaveLength(1);
  });

  it('registers one of many centres sharing a mobile or an e-mail and refuses the others on it', async () => {
    const shared = newCenterFields('medical');
    const phoneToken = await verifyPhone(t, shared.mobile);
    const byMobile = await atOnce(() =>
      registerCenter(t, withPassword(newCenterFields('medical', { mobile: shared.mobile }), phoneToken)),
    );
    expectOneWinner(byMobile, 201, { code: 'RECORDS_ALREADY_REGISTERED', field: 'mobile' });

    const forms: Record<string, string>[] = [];
    for (let index = 0; index < RACERS; index++) {
      const fields = newCenterFields('medical', { email: shared.email });
      forms.push(withPassword(fields, await verifyPhone(t, fields.mobile)));
    }
    const byEmail = await atOnce((index) => registerCenter(t, forms[index] ?? {}));
    expectOneWinner(byEmail, 201, { code: 'RECORDS_ALREADY_REGISTERED', field: 'email' });
  });
});
