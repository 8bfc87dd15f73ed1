import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { LANGUAGES, useLanguage } from '../support/language.ts';
import { listTable } from '../support/lists.ts';
import { text } from '../support/messages.ts';
import { sar } from '../support/money.ts';
import { checkScreen } from '../support/screens.ts';
import { dismissToasts, expectToast } from '../support/toasts.ts';

const LABELS = {
  en: {
    nav: 'Products',
    add: 'Add product',
    search: 'Search products',
    type: 'Type',
    code: 'Product code',
    nameEn: 'Name in English',
    nameAr: 'Name in Arabic',
    descriptionEn: 'Description in English',
    price: 'Price before VAT',
    save: 'Save',
    physical: 'Physical',
    online: 'Online',
    total: '1 product',
    details: 'View details',
    buy: 'Buy',
    myDashboard: 'My dashboard',
    comingSoon: 'Buy online',
    readOnly: 'You can view products but not add or change them.',
  },
  ar: {
    nav: 'المنتجات',
    add: 'إضافة منتج',
    search: 'البحث في المنتجات',
    type: 'النوع',
    code: 'رمز المنتج',
    nameEn: 'الاسم بالإنجليزية',
    nameAr: 'الاسم بالعربية',
    descriptionEn: 'الوصف بالإنجليزية',
    price: 'السعر قبل الضريبة',
    save: 'حفظ',
    physical: 'منتج مادي',
    online: 'منتج إلكتروني',
    total: 'منتج واحد',
    details: 'عرض التفاصيل',
    buy: 'شراء',
    myDashboard: 'لوحة التحكم الخاصة بي',
    comingSoon: 'الشراء عبر الإنترنت',
    readOnly: 'يمكنك عرض المنتجات دون إضافتها أو تعديلها.',
  },
} as const;

const field = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}`) });
const searchBox = (page: Page, label: string) => page.getByRole('searchbox', { name: label });
/** A product's row in the staff list, by its shown name. */
const productRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const select = (page: Page, label: string) => page.getByRole('combobox', { name: new RegExp(`^${label}`) });
/** A real 240 × 240 PNG (teal with a white band), so that the screens show a picture. */
function productPng(): Buffer {
  const size = 240;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const band = y > 100 && y < 140;
      row.set(band ? [255, 255, 255] : [8, 127, 91], 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe(() => {
  test.use({ account: 'superadmin' });

  for (const language of LANGUAGES) {
    test(`super admin adds, finds and edits a product, which the public catalogue then shows (${language})`, async ({
      page,
      browser,
    }, testInfo) => {
      // A long walk through eight screens with axe on each: more than the default minute on a busy machine.
      test.setTimeout(180_000);
      const labels = LABELS[language];
      const code = `E2E-APRON-${language.toUpperCase()}`;
      const nameEn = `Disposable apron pack ${language}`;
      const nameAr = `عبوة مرايل للاستعمال مرة واحدة ${language === 'en' ? 'أ' : 'ب'}`;
      const shownName = language === 'ar' ? nameAr : nameEn;
      await useLanguage(page, language);
      await page.goto('/admin/dashboard');

      await page.getByRole('link', { name: labels.nav }).click();
      await expect(page).toHaveURL(/\/admin\/product$/);
      await expect(listTable(page, language, 'products:list.caption')).toBeVisible({ timeout: 30_000 });
      await checkScreen(page, testInfo, 'product-list', language);

      await page.getByRole('link', { name: labels.add }).click();
      await expect(page).toHaveURL(/\/admin\/product-add$/);
      await page.getByRole('button', { name: labels.save }).click();
      await expect(page.getByText(text('SELECT_PRODUCT_TYPE', language))).toBeVisible();
      await expect(page.getByText(text('AMOUNT_INVALID', language))).toBeVisible();
      await expect(select(page, labels.type)).toHaveAttribute('aria-invalid', 'true');

      await select(page, labels.type).click();
      await page.getByRole('option', { name: labels.physical, exact: true }).click();
      await field(page, labels.code).fill(code);
      await field(page, labels.nameEn).fill(nameEn);
      await field(page, labels.nameAr).fill(nameAr);
      await field(page, labels.descriptionEn).fill('Fifty white aprons for kitchen staff.');
      await field(page, labels.price).fill('٤٥٫٥٠');
      await expect(page.getByTestId('product-total')).toHaveText(sar(52.33, language));
      const chooser = page.waitForEvent('filechooser');
      await page.locator('#product-image').click();
      await (await chooser).setFiles({ name: 'apron.png', mimeType: 'image/png', buffer: productPng() });
      await expect(page.getByTestId('product-image-preview')).toBeVisible();
      await page.getByRole('button', { name: labels.save }).click();
      await expectToast(page, text('RECORDS_SAVED', language));
      await expect(page).toHaveURL(/\/admin\/product$/);
      await dismissToasts(page);

      await searchBox(page, labels.search).fill(code);
      await expect(page.getByTestId('product-total-count')).toHaveText(labels.total);
      // The product's own row: the rows of the list before the search may still show a moment.
      await expect(
        productRow(page, shownName).getByRole('cell', { name: sar(52.33, language) }),
      ).toBeVisible();
      await page.getByRole('link', { name: shownName }).click();
      await expect(page).toHaveURL(/\/admin\/edit-product\/\d+$/);
      await expect(field(page, labels.price)).toHaveValue('45.50');
      await expect(page.getByTestId('product-image-preview')).toBeVisible();
      await checkScreen(page, testInfo, 'product-edit', language);
      await field(page, labels.price).fill('50');
      await expect(page.getByTestId('product-total')).toHaveText(sar(57.5, language));
      await page.getByRole('button', { name: labels.save }).click();
      await expectToast(page, text('RECORDS_UPDATED', language));
      await searchBox(page, labels.search).fill(code);
      await expect(page.getByTestId('product-total-count')).toHaveText(labels.total);
      await expect(
        productRow(page, shownName).getByRole('cell', { name: sar(57.5, language) }),
      ).toBeVisible();

      // The public pages, in a browser that has never logged in.
      const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
      const visitor = await context.newPage();
      await useLanguage(visitor, language);
      await visitor.goto('/products');
      // The super admin is still logged in in this browser: the catalogue offers the dashboard, not "Log in".
      await expect(visitor.getByRole('link', { name: labels.myDashboard })).toBeVisible();
      await searchBox(visitor, labels.search).fill(language === 'ar' ? nameAr : nameEn);
      await expect(visitor.getByTestId('catalogue-total')).toHaveText(labels.total);
      const card = visitor.getByRole('article', { name: shownName });
      await expect(card.getByTestId('catalogue-price')).toHaveText(sar(57.5, language));
      await expect(card.getByRole('img', { name: shownName })).toBeVisible();
      await checkScreen(visitor, testInfo, 'catalogue', language);

      await card.getByRole('link', { name: labels.details }).click();
      await expect(visitor).toHaveURL(/\/product-details\/\d+$/);
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(shownName);
      await expect(visitor.getByTestId('product-total')).toHaveText(sar(57.5, language));
      await checkScreen(visitor, testInfo, 'product-details', language);

      await visitor.getByRole('link', { name: labels.buy }).click();
      await expect(visitor).toHaveURL(/\/product-payment\/\d+$/);
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(labels.comingSoon);
      await checkScreen(visitor, testInfo, 'product-payment', language);
      await context.close();
    });
  }
});

test('the catalogue filters by type and turns to Arabic with the language switch', async ({
  page,
}, testInfo) => {
  await useLanguage(page, 'en');
  await page.goto('/products');
  await expect(page.getByTestId('catalogue-total')).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Product type' }).getByText('Online').click();
  await expect(page.getByRole('article', { name: 'HACCP basics video course' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Food handler cap and apron set' })).toHaveCount(0);
  await page.getByText('العربية', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('المنتجات');
  await expect(page.getByRole('article', { name: 'حقيبة التعلم الإلكتروني لسلامة الغذاء' })).toBeVisible();
  await checkScreen(page, testInfo, 'catalogue-online', 'ar');
});

test.describe(() => {
  test.use({ account: 'manager' });

  test('a manager may read products but not add or change them', async ({ page }) => {
    await useLanguage(page, 'en');
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: 'Products' }).click();
    await expect(page.getByRole('link', { name: 'Add product' })).toHaveCount(0);
    await page.getByRole('link', { name: 'HACCP basics video course' }).click();
    await expect(page.getByText(LABELS.en.readOnly)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(field(page, LABELS.en.price)).toBeDisabled();
  });
});

test.describe(() => {
  test.use({ account: 'teller' });

  test('a teller has no Products link and is sent to the dashboard by the guard', async ({ page }) => {
    await useLanguage(page, 'en');
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Products' })).toHaveCount(0);
    await page.goto('/admin/product');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});
