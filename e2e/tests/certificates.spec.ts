import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import {
  type CertificateClaims,
  certificateClaimsBytes,
  certificateCode,
  toBase64Url,
} from '../../packages/shared/src/certificates.ts';
import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, useLanguage } from '../support/language.ts';
import { text } from '../support/messages.ts';
import { checkScreen } from '../support/screens.ts';
import { PNG } from '../support/students.ts';

const LABELS = {
  en: {
    number: 'Certificate number',
    search: 'Search',
    code: 'Code or address from the QR',
    check: 'Check',
    valid: 'Valid certificate',
    invalid: 'Not valid',
    healthCheck: 'Health-certificate inquiry',
    onlineValid: 'Checked online: valid.',
    onlineRevoked: 'Checked online: revoked.',
    offlineOnly: 'Checked offline only: the signature is valid; revocation not checked.',
    revoke: 'Revoke',
    revokeTitle: 'Revoke certificate',
    reason: 'Reason for revoking',
    revokeSubmit: 'Revoke certificate',
    revoked: 'Revoked',
    reasonPrefix: 'Reason:',
    reissue: 'Reissue',
    reissueTitle: 'Reissue certificate',
    reissueReason: 'Reason for reissuing',
    reissueSubmit: 'Reissue certificate',
    reissuedAs: 'Reissued as',
    photo: 'Photo of the holder, as the centre kept it at issue',
  },
  ar: {
    number: 'رقم الشهادة',
    search: 'بحث',
    code: 'الرمز أو الرابط من رمز الاستجابة السريعة',
    check: 'تحقق',
    valid: 'شهادة سارية',
    invalid: 'غير صالحة',
    healthCheck: 'الاستعلام عن الشهادات الصحية',
    onlineValid: 'تم التحقق عبر الإنترنت: سارية.',
    onlineRevoked: 'تم التحقق عبر الإنترنت: ملغاة.',
    offlineOnly: 'تم التحقق دون اتصال فقط: التوقيع صحيح، لكن لم يُتحقق من الإلغاء.',
    revoke: 'إلغاء',
    revokeTitle: 'إلغاء الشهادة',
    reason: 'سبب الإلغاء',
    revokeSubmit: 'إلغاء الشهادة',
    revoked: 'ملغاة',
    reasonPrefix: 'السبب:',
    reissue: 'إعادة إصدار',
    reissueTitle: 'إعادة إصدار الشهادة',
    reissueReason: 'سبب إعادة الإصدار',
    reissueSubmit: 'إعادة إصدار الشهادة',
    reissuedAs: 'أُعيد إصدارها برقم',
    photo: 'صورة حامل الشهادة كما حفظها المركز عند إصدارها',
  },
} as const;

/** Claims signed with a key of the test's own, served as the centre's key while the page is online. */
function signedCode(claims: CertificateClaims) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const bytes = certificateClaimsBytes(claims);
  return {
    publicKey: toBase64Url(new Uint8Array(raw)),
    code: certificateCode(bytes, new Uint8Array(sign(null, bytes, privateKey))),
  };
}

const CLAIMS: CertificateClaims = {
  serial: 'CRT-000777',
  idNumber: '2123456701',
  nameEn: 'Mohammed Rahman',
  nameAr: 'محمد رحمن',
  courseEn: 'Food safety',
  courseAr: 'سلامة الغذاء',
  score: '86.67',
  issuedOn: '2026-11-01',
  validUntil: '2099-11-01',
};

test.describe('the public certificate pages, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const language of LANGUAGES) {
    test(`the inquiry asks the challenge and answers an unknown number (${language})`, async ({
      page,
    }, testInfo) => {
      const labels = LABELS[language];
      await useLanguage(page, language);
      await page.goto('/certificate-inquiry');
      await page.getByRole('textbox', { name: labels.number }).fill('CRT-999999');
      // The button waits for the browser to solve the proof-of-work.
      const search = page.getByRole('button', { name: labels.search, exact: true });
      await expect(search).toBeEnabled({ timeout: 30_000 });
      const answered = page.waitForResponse((response) =>
        response.url().includes('/api/public/certificates?'),
      );
      await search.click();
      const response = await answered;
      expect(response.status()).toBe(404);
      expect(new URL(response.url()).searchParams.get('altcha')).toBeTruthy();
      await expect(page.getByTestId('inquiry-error')).toHaveText(text('CERTIFICATE_NOT_FOUND', language));
      // A solution is good once: a new one is solved for the next search.
      await expect(search).toBeEnabled({ timeout: 30_000 });
      await checkScreen(page, testInfo, 'certificate-inquiry', language);
    });

    test(`the verify page checks a code with no network (${language})`, async ({
      page,
      context,
      request,
    }, testInfo) => {
      const labels = LABELS[language];
      await useLanguage(page, language);
      // Online, the page shows the centre's key from the server.
      const served = await (await request.get('/api/public/certificate-key')).json();
      await page.goto('/verify');
      await expect(page.getByTestId('public-key')).toHaveText(served.publicKey);

      // A key of the test's own stands for the centre's, so that the test can sign a code.
      const { publicKey, code } = signedCode(CLAIMS);
      await page.route('**/api/public/certificate-key', (route) =>
        route.fulfill({ json: { algorithm: 'Ed25519', publicKey } }),
      );
      await page.goto('/verify');
      await expect(page.getByTestId('public-key')).toHaveText(publicKey);
      // Whatever the page loads on demand is in before the network goes.
      await page.waitForLoadState('networkidle');

      await context.setOffline(true);
      try {
        // A scanned QR opens the page's address with the code after #c=.
        await page.evaluate((scanned) => {
          window.location.hash = `c=${scanned}`;
        }, code);
        const result = page.getByTestId('verify-result');
        await expect(result).toHaveAttribute('data-result', 'valid');
        await expect(result).toContainText(labels.valid);
        await expect(page.getByText(CLAIMS.serial)).toBeVisible();
        await expect(page.getByText(CLAIMS.nameAr)).toBeVisible();
        // With no network the page says the check was offline only: revocation not checked.
        const online = page.getByTestId('verify-online');
        await expect(online).toHaveAttribute('data-online', 'offline');
        await expect(online).toContainText(labels.offlineOnly);
        await checkScreen(page, testInfo, 'verify-valid', language);

        // The same signature over changed claims is refused.
        const [, signature] = code.split('.');
        const forged = `${toBase64Url(certificateClaimsBytes({ ...CLAIMS, nameEn: 'Someone Else' }))}.${signature}`;
        await page.getByLabel(labels.code).fill(forged);
        await page.getByRole('button', { name: labels.check }).click();
        await expect(result).toHaveAttribute('data-result', 'invalid');
        await expect(result).toContainText(labels.invalid);
      } finally {
        await context.setOffline(false);
      }
    });
  }
});

test.describe('health-check', () => {
  test.use({ account: 'teller' });

  test('the staff inquiry answers without a challenge', async ({ page }, testInfo) => {
    await useLanguage(page, 'en');
    await page.goto('/admin/health-check');
    await expect(page.getByRole('heading', { name: LABELS.en.healthCheck, level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: LABELS.en.number }).fill('CRT-999999');
    const answered = page.waitForResponse((response) => response.url().includes('/api/certificates/search?'));
    await page.getByRole('button', { name: LABELS.en.search, exact: true }).click();
    expect((await answered).status()).toBe(404);
    await expect(page.getByTestId('health-check-error')).toHaveText(text('CERTIFICATE_NOT_FOUND', 'en'));
    await checkScreen(page, testInfo, 'health-check', 'en');
  });
});

test.describe('a real certificate of the demo student', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('is found masked by the public inquiry and verifies offline with the centre key', async ({
    page,
    context,
    apiAs,
  }) => {
    const student = await apiAs('student');
    const mine = (await (await student.get('/api/certificates')).json()) as {
      items: { serial: string; code: string; nameEn: string; idNumber: string }[];
    };
    const certificate = mine.items[0];
    // The demo data gives the demo student a passed exam and its certificate (apps/api/src/seed/demo-sittings.ts).
    if (!certificate) throw new Error('the demo student has no certificate');

    await useLanguage(page, 'en');
    await page.goto('/certificate-inquiry');
    await page.getByRole('textbox', { name: LABELS.en.number }).fill(certificate.serial);
    const search = page.getByRole('button', { name: LABELS.en.search, exact: true });
    await expect(search).toBeEnabled({ timeout: 30_000 });
    await search.click();
    const card = page.getByRole('article', { name: certificate.serial });
    await expect(card).toBeVisible();
    await expect(card).not.toContainText(certificate.nameEn);
    await expect(card).not.toContainText(certificate.idNumber);

    await page.goto('/verify');
    await expect(page.getByTestId('public-key')).not.toBeEmpty();
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    try {
      await page.evaluate((scanned) => {
        window.location.hash = `c=${scanned}`;
      }, certificate.code);
      await expect(page.getByTestId('verify-result')).toHaveAttribute('data-result', 'valid');
      await expect(page.getByText(certificate.nameEn)).toBeVisible();
      await expect(page.getByTestId('verify-online')).toHaveAttribute('data-online', 'offline');
    } finally {
      await context.setOffline(false);
    }
  });

  for (const language of LANGUAGES) {
    test(`is checked online with the centre after its signature (${language})`, async ({
      page,
      apiAs,
    }, testInfo) => {
      const labels = LABELS[language];
      const student = await apiAs('student');
      const mine = (await (await student.get('/api/certificates')).json()) as {
        items: { code: string; validUntil: string }[];
      };
      const certificate = mine.items[0];
      if (!certificate) throw new Error('the demo student has no certificate');
      await useLanguage(page, language);

      // The QR's address: the browser checks the signature, then asks the server for the status.
      const asked = page.waitForResponse((response) =>
        response.url().endsWith('/api/public/certificates/status'),
      );
      await page.goto(`/verify#c=${certificate.code}`);
      const answer = await asked;
      expect(answer.status()).toBe(200);
      expect(await answer.json()).toEqual({ status: 'valid', validUntil: certificate.validUntil });
      await expect(page.getByTestId('verify-result')).toHaveAttribute('data-result', 'valid');
      const online = page.getByTestId('verify-online');
      await expect(online).toHaveAttribute('data-online', 'valid');
      await expect(online).toContainText(labels.onlineValid);
      await checkScreen(page, testInfo, 'verify-online-valid', language);
    });
  }
});

interface StaffCertificate {
  id: number;
  studentId: number;
  serial: string;
  idNumber: string;
  code: string;
  status: string;
  validUntil: string;
}

/**
 * The seeded certificates of holders other than the demo student, by serial: the demo student's
 * are read by other specs (exam-sitting downloads one), so only these are revoked here.
 */
async function othersCertificates(admin: APIRequestContext, student: APIRequestContext, wanted = 2) {
  const mine = (await (await student.get('/api/certificates')).json()) as { items: { idNumber: string }[] };
  const demoIdNumber = mine.items[0]?.idNumber;
  if (!demoIdNumber) throw new Error('the demo student has no certificate');
  const found: StaffCertificate[] = [];
  for (let number = 1; number <= 40 && found.length < wanted; number++) {
    const serial = `CRT-${String(number).padStart(6, '0')}`;
    const response = await admin.get(`/api/certificates/search?number=${serial}`);
    if (response.status() === 404) continue;
    expect(response.status()).toBe(200);
    const { items } = (await response.json()) as { items: StaffCertificate[] };
    found.push(...items.filter((item) => item.idNumber !== demoIdNumber));
  }
  return found;
}

test.describe('revoking a certificate', () => {
  test.use({ account: 'superadmin' });

  // English revokes on the health-check page, Arabic through the API; each its own certificate,
  // so that the two may run side by side.
  for (const [index, language] of LANGUAGES.entries()) {
    test(`an admin revokes another holder's certificate and /verify says revoked online (${language})`, async ({
      page,
      apiAs,
    }, testInfo) => {
      const labels = LABELS[language];
      const admin = await apiAs('superadmin');
      const candidates = await othersCertificates(admin, await apiAs('student'));
      const certificate = candidates[index];
      if (!certificate) throw new Error('the demo data has fewer than two certificates of other holders');
      expect(certificate.status).toBe('valid');
      const reason = language === 'en' ? 'Issued in error: the exam was void' : 'صدرت بالخطأ: الاختبار ملغى';
      await useLanguage(page, language);

      if (language === 'en') {
        await page.goto('/admin/health-check');
        await page.getByRole('textbox', { name: labels.number }).fill(certificate.serial);
        await page.getByRole('button', { name: labels.search, exact: true }).click();
        await page.getByRole('button', { name: `${labels.revoke} ${certificate.serial}` }).click();
        const dialog = page.getByRole('dialog', { name: `${labels.revokeTitle} ${certificate.serial}` });
        // The reason is asked before anything is sent.
        await dialog.getByRole('button', { name: labels.revokeSubmit }).click();
        await expect(dialog.getByText(text('ENTER_REASON', language))).toBeVisible();
        await dialog.getByRole('textbox', { name: labels.reason }).fill(reason);
        await checkScreen(page, testInfo, 'health-check-revoke-dialog', language);
        const revoked = page.waitForResponse((response) =>
          response.url().endsWith(`/api/certificates/${certificate.id}/revoke`),
        );
        await dialog.getByRole('button', { name: labels.revokeSubmit }).click();
        expect((await revoked).status()).toBe(200);
        await expect(dialog).toBeHidden();
      } else {
        const response = await admin.post(`/api/certificates/${certificate.id}/revoke`, {
          data: { reason },
          headers: { 'Idempotency-Key': randomUUID(), 'Accept-Language': 'ar' },
        });
        expect(response.status()).toBe(200);
        expect(await response.json()).toMatchObject({
          id: certificate.id,
          status: 'revoked',
          revokedReason: reason,
          message: text('CERTIFICATE_REVOKED', 'ar'),
        });
        await page.goto('/admin/health-check');
        await page.getByRole('textbox', { name: labels.number }).fill(certificate.serial);
        await page.getByRole('button', { name: labels.search, exact: true }).click();
      }
      // The row says revoked with the reason, and offers no second revoke.
      const row = page.getByRole('row').filter({ hasText: certificate.serial });
      await expect(row.getByText(labels.revoked, { exact: true })).toBeVisible();
      await expect(row.getByTestId(`revoked-reason-${certificate.id}`)).toHaveText(
        `${labels.reasonPrefix} ${reason}`,
      );
      await expect(row.getByRole('button', { name: `${labels.revoke} ${certificate.serial}` })).toHaveCount(
        0,
      );
      await checkScreen(page, testInfo, 'health-check-revoked', language);

      // A second revoke is refused.
      const again = await admin.post(`/api/certificates/${certificate.id}/revoke`, {
        data: { reason: 'Once more' },
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expect(again.status()).toBe(409);
      expect((await again.json()).code).toBe('CERTIFICATE_ALREADY_REVOKED');

      // The QR's address on a phone: the signature is genuine, the centre's records say revoked.
      await page.setViewportSize({ width: 390, height: 844 });
      const asked = page.waitForResponse((response) =>
        response.url().endsWith('/api/public/certificates/status'),
      );
      await page.goto(`/verify#c=${certificate.code}`);
      const answer = await asked;
      expect(await answer.json()).toEqual({ status: 'revoked', validUntil: certificate.validUntil });
      const online = page.getByTestId('verify-online');
      await expect(online).toHaveAttribute('data-online', 'revoked');
      await expect(online).toContainText(labels.onlineRevoked);
      await checkScreen(page, testInfo, 'verify-online-revoked', language);
    });
  }
});

test.describe('reissuing a certificate after a name correction', () => {
  test.use({ account: 'superadmin' });

  // Each language its own certificate (the third and fourth of other holders: revoking takes the first two).
  for (const [index, language] of LANGUAGES.entries()) {
    test(`an admin reissues a certificate with a new number, and /verify shows the kept photo (${language})`, async ({
      page,
      apiAs,
    }, testInfo) => {
      const labels = LABELS[language];
      const admin = await apiAs('superadmin');
      const candidates = await othersCertificates(admin, await apiAs('student'), 4);
      const certificate = candidates[2 + index];
      if (!certificate) throw new Error('the demo data has fewer than four certificates of other holders');
      expect(certificate.status).toBe('valid');
      // The holder's photo, taken by the reissue from the profile as it is now.
      const photo = await admin.put(`/api/students/${certificate.studentId}/attachments/photo`, {
        multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: PNG } },
      });
      expect(photo.status(), await photo.text()).toBe(200);
      await useLanguage(page, language);

      await page.goto('/admin/health-check');
      await page.getByRole('textbox', { name: labels.number }).fill(certificate.serial);
      await page.getByRole('button', { name: labels.search, exact: true }).click();
      await page.getByRole('button', { name: `${labels.reissue} ${certificate.serial}` }).click();
      const dialog = page.getByRole('dialog', { name: `${labels.reissueTitle} ${certificate.serial}` });
      await dialog
        .getByRole('textbox', { name: labels.reissueReason })
        .fill(language === 'en' ? 'Name corrected in the profile' : 'صُحّح الاسم في الملف');
      if (language === 'en') await checkScreen(page, testInfo, 'health-check-reissue-dialog', language);
      const reissued = page.waitForResponse((response) =>
        response.url().endsWith(`/api/certificates/${certificate.id}/reissue`),
      );
      await dialog.getByRole('button', { name: labels.reissueSubmit }).click();
      const answer = await reissued;
      expect(answer.status()).toBe(200);
      const fresh = (await answer.json()) as { id: number; serial: string; code: string };
      expect(fresh.serial).not.toBe(certificate.serial);
      await expect(dialog).toBeHidden();
      const link = page.getByTestId(`reissue-${certificate.id}`);
      await expect(link).toHaveText(`${labels.reissuedAs} ${fresh.serial}`);
      const row = page.getByRole('row').filter({ has: link });
      await expect(row.getByText(labels.revoked, { exact: true })).toBeVisible();
      await checkScreen(page, testInfo, 'health-check-reissued', language);

      // The new certificate's QR on a phone: valid online, with the photo the certificate kept.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/verify#c=${fresh.code}`);
      await expect(page.getByTestId('verify-online')).toHaveAttribute('data-online', 'valid');
      await expect(page.getByRole('img', { name: labels.photo })).toBeVisible();
      await checkScreen(page, testInfo, 'verify-holder-photo', language);
      // The old one's QR: revoked, and no photo shown.
      await page.goto(`/verify#c=${certificate.code}`);
      await expect(page.getByTestId('verify-online')).toHaveAttribute('data-online', 'revoked');
      await expect(page.getByTestId('verify-photo')).toHaveCount(0);
    });
  }
});
