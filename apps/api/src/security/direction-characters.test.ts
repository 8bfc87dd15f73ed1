import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@tasreeh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchIdOf } from '../test/accounts.ts';
import { registerCenter } from '../test/centers.ts';
import { courseIdOf } from '../test/exam-bank.ts';
import { PNG_BYTES } from '../test/files.ts';
import { newAddress } from '../test/phone.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Every name (and the other text documents print as typed) refuses the invisible characters that
 * reorder text (names.ts DIRECTION_CHARACTERS), on every route that takes one, with
 * TEXT_HAS_DIRECTION_CHARACTERS on the field: "‮" + "elif.fdp" would print as "pdf.file".
 */
const SPOOFS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
const CODE = 'TEXT_HAS_DIRECTION_CHARACTERS';

let t: TestApp;
let superAdmin: string;
let teller: string;
let riyadh: number;
let courseId: number;
beforeAll(async () => {
  t = await buildTestApp();
  superAdmin = (await t.loginAs('super admin')).token;
  teller = (await t.loginAs('Teller')).token;
  riyadh = await branchIdOf(t, 'RUH-01');
  courseId = await courseIdOf(t.db);
});
afterAll(async () => {
  await t.close();
});

let spoofSeed = 0;
/** A name with one of the characters in it, a different one each time. */
function spoofed(name: string): string {
  const character = SPOOFS[spoofSeed++ % SPOOFS.length] ?? '\u202E';
  const middle = Math.floor(name.length / 2);
  return `${name.slice(0, middle)}${character}${name.slice(middle)}`;
}

type Send = (body: Record<string, unknown>) => Promise<{ statusCode: number; json: () => unknown }>;

const json =
  (method: 'POST' | 'PUT', url: () => string, token: () => string): Send =>
  (payload) =>
    t.call({ method, url: url(), token: token(), payload, headers: { 'idempotency-key': randomUUID() } });

const form =
  (url: string, withPhoto: boolean): Send =>
  (fields) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
    if (withPhoto) body.append('photo', new Blob([PNG_BYTES]), 'photo.png');
    return t.call({ method: 'POST', url, payload: body, remoteAddress: newAddress() });
  };

const asSuperAdmin = () => superAdmin;
const asTeller = () => teller;

/** Per area: the route, and each of its fields with a name to spoil (a path into the body). */
const AREAS: [string, Send, [string, string][]][] = [
  [
    'student registration',
    form('/api/students/register', true),
    [
      ['fullNameEn', 'Sara Al-Harbi'],
      ['fullNameAr', 'سارة الحربي'],
    ],
  ],
  [
    'students',
    json('POST', () => '/api/students', asSuperAdmin),
    [
      ['fullNameEn', 'Sara Al-Harbi'],
      ['fullNameAr', 'سارة الحربي'],
    ],
  ],
  [
    'corporates',
    json('POST', () => '/api/corporates', asSuperAdmin),
    [
      ['nameEn', 'Najd Catering'],
      ['nameAr', 'نجد للإعاشة'],
      ['representativeName', 'Fahad Al-Qahtani'],
      ['guarantorNameAr', 'فهد القحطاني'],
    ],
  ],
  [
    'staff users',
    json('POST', () => '/api/users', asSuperAdmin),
    [
      ['nameEn', 'Khalid Al-Otaibi'],
      ['nameAr', 'خالد العتيبي'],
    ],
  ],
  [
    'permission groups',
    json('POST', () => '/api/permission-groups', asSuperAdmin),
    [
      ['nameEn', 'Night tellers'],
      ['nameAr', 'صرافو المساء'],
    ],
  ],
  [
    'centre registration',
    (fields) => registerCenter(t, Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]))),
    [
      ['nameEn', 'Hygiene Skills Centre'],
      ['nameAr', 'مركز مهارات النظافة'],
      ['contactName', 'Bandar Al-Shahrani'],
    ],
  ],
  [
    'centres',
    json('POST', () => '/api/centers', asSuperAdmin),
    [
      ['nameEn', 'Hygiene Skills Centre'],
      ['nameAr', 'مركز مهارات النظافة'],
      ['contactName', 'Bandar Al-Shahrani'],
    ],
  ],
  [
    'branches',
    json('POST', () => '/api/branches', asSuperAdmin),
    [
      ['nameEn', 'Riyadh Olaya'],
      ['nameAr', 'الرياض العليا'],
    ],
  ],
  [
    'classrooms',
    json('POST', () => `/api/branches/${riyadh}/classrooms`, asSuperAdmin),
    [['name', 'Hall 3']],
  ],
  [
    'courses',
    json('POST', () => '/api/courses', asSuperAdmin),
    [
      ['nameEn', 'Food Safety'],
      ['nameAr', 'سلامة الغذاء'],
    ],
  ],
  [
    'course sessions',
    json('PUT', () => `/api/courses/${courseId}/sessions`, asSuperAdmin),
    [
      ['sessions.0.titleEn', 'Handwashing'],
      ['sessions.0.titleAr', 'غسل اليدين'],
    ],
  ],
  [
    'exams',
    json('POST', () => '/api/exams', asSuperAdmin),
    [
      ['titleEn', 'Food Safety exam'],
      ['titleAr', 'اختبار سلامة الغذاء'],
    ],
  ],
  [
    'products',
    json('POST', () => '/api/products', asSuperAdmin),
    [
      ['nameEn', 'Health card'],
      ['nameAr', 'بطاقة صحية'],
    ],
  ],
  [
    'fee setups',
    json('POST', () => '/api/fee-setups', asSuperAdmin),
    [
      ['nameEn', 'Standard course fee'],
      ['nameAr', 'رسوم الدورة'],
    ],
  ],
  [
    'payments (the payer’s bank)',
    json('POST', () => '/api/payments', asTeller),
    [['bankName', 'Al Rajhi Bank']],
  ],
  [
    'daily closings (the bank)',
    json('POST', () => '/api/daily-closings', asTeller),
    [['bankName', 'Al Rajhi Bank']],
  ],
  [
    'Amanah invoices (the batch number printed on the PDF)',
    json('POST', () => '/api/amana-invoices/1/verify', asSuperAdmin),
    [['batchNumber', 'B-2026-17']],
  ],
];

/** A body holding `value` at a dot path (`sessions.0.titleEn`). */
function bodyWith(path: string, value: string): Record<string, unknown> {
  const [head = '', index, field] = path.split('.');
  if (index === undefined || field === undefined) return { [head]: value };
  return { [head]: [{ [field]: value }] };
}

describe('names with characters that reorder text', () => {
  it.each(AREAS)(
    '%s: refused on the field with TEXT_HAS_DIRECTION_CHARACTERS',
    async (_area, send, fields) => {
      for (const [path, name] of fields) {
        const refused = await send(bodyWith(path, spoofed(name)));
        expect(refused.statusCode, path).toBe(400);
        expect((refused.json() as { fields?: Record<string, string> }).fields?.[path], path).toBe(CODE);
        // The same name typed plainly is not refused for what it holds.
        const plain = await send(bodyWith(path, name));
        expect((plain.json() as { fields?: Record<string, string> }).fields?.[path], path).toBeUndefined();
      }
    },
  );

  it('says why in both languages', async () => {
    const refused = (lang: 'en' | 'ar') =>
      t.call({
        method: 'POST',
        url: '/api/branches',
        token: superAdmin,
        lang,
        payload: { nameEn: 'Riyadh \u202EayalO' },
      });
    // The branch's English name is the body's first field: its issue is the envelope's message.
    expect((await refused('en')).json()).toMatchObject({
      fields: { nameEn: CODE },
      message: MESSAGES[CODE].en,
    });
    expect((await refused('ar')).json()).toMatchObject({
      fields: { nameEn: CODE },
      message: MESSAGES[CODE].ar,
    });
  });
});
