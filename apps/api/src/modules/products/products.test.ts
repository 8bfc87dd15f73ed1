import type { UserType } from '@tasreeh/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, files, products } from '../../db/schema/index.ts';
import { PDF_BYTES, PNG_BYTES, putFile, TEXT_BYTES } from '../../test/files.ts';
import { atOnce, expectOneWinner, RACERS } from '../../test/races.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

const JPEG_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
});
afterAll(async () => {
  await t.close();
});

let seed = 0;
function newProduct(overrides: Record<string, unknown> = {}) {
  seed++;
  return {
    type: 'physical',
    code: `TEST-${seed}`,
    nameEn: `Hair net pack ${seed}`,
    nameAr: `عبوة شبكة شعر ${seed}`,
    descriptionEn: 'Disposable hair nets.',
    price: '20',
    ...overrides,
  };
}

async function create(payload: Record<string, unknown>, token = admin) {
  return t.call({ method: 'POST', url: '/api/products', token, payload });
}

const uploadImage = (id: number, bytes: Buffer, token = admin) =>
  putFile(t, { url: `/api/products/${id}/image`, bytes, token });

describe('products in the back office', () => {
  it('creates a product from riyals typed in any digits, with 15 % VAT by default', async () => {
    const response = await create(newProduct({ price: '٤٥٫٥٠', code: ' phy-apron-2 ' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Records have been saved.');
    const product = (
      await t.call({ method: 'GET', url: `/api/products/${response.json().id}`, token: admin })
    ).json();
    // 45.50 + 15 % (6.825 → 6.83) = 52.33
    expect(product).toMatchObject({
      code: 'PHY-APRON-2',
      price: 4_550,
      vatRate: 1_500,
      vat: 683,
      total: 5_233,
      status: 'active',
      descriptionAr: null,
      imageFileId: null,
    });
  });

  it('keeps a VAT rate given in percent as basis points', async () => {
    const { id } = (await create(newProduct({ price: '100', vatRate: '0' }))).json();
    const product = (await t.call({ method: 'GET', url: `/api/products/${id}`, token: admin })).json();
    expect(product).toMatchObject({ vatRate: 0, vat: 0, total: 10_000 });
  });

  it.each([
    [{ type: 'digital' }, 'type', 'Please select the product type'],
    [{ code: '' }, 'code', 'This field is required.'],
    [{ code: 'HAS SPACE' }, 'code', 'The product code may have up to 30 letters, digits and dashes.'],
    [{ nameEn: ' ' }, 'nameEn', 'Please enter name'],
    [{ nameAr: undefined }, 'nameAr', 'Please enter name'],
    [{ price: '12.345' }, 'price', 'Please enter a valid amount in riyals.'],
    [{ price: '0' }, 'price', 'Please enter a valid amount in riyals.'],
    [{ vatRate: '101' }, 'vatRate', 'Please enter a percentage from 0 to 100.'],
    [{ descriptionEn: 'x'.repeat(2001) }, 'descriptionEn', 'This value is too long.'],
    [{ status: 'deleted' }, 'status', 'This value is not valid.'],
  ])('refuses %j with the message for %s', async (overrides, field, message) => {
    const response = await create(newProduct(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().fields[field]).toBeDefined();
  });

  it('refuses an unknown field', async () => {
    const response = await create({ ...newProduct(), imageFileId: 'x' });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a repeated code as registered and a repeated name in either language as taken', async () => {
    const first = newProduct();
    expect((await create(first)).statusCode).toBe(201);
    const sameCode = await create(newProduct({ code: first.code.toLowerCase() }));
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json()).toMatchObject({
      message: 'Records already registered with this information.',
      fields: { code: 'RECORDS_ALREADY_REGISTERED' },
    });
    const sameEnglish = await create(newProduct({ nameEn: first.nameEn.toUpperCase() }));
    expect(sameEnglish.json()).toMatchObject({
      message: 'Name already exists',
      fields: { nameEn: 'NAME_EXISTS' },
    });
    const sameArabic = await create(newProduct({ nameAr: first.nameAr }));
    expect(sameArabic.json()).toMatchObject({
      message: 'Name already exists',
      fields: { nameAr: 'NAME_EXISTS' },
    });
  });

  it('answers in Arabic when asked', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/products',
      token: admin,
      lang: 'ar',
      payload: newProduct({ type: undefined }),
    });
    expect(response.json().message).toBe('يرجى اختيار نوع المنتج');
  });

  it('edits a product, keeping its own code and names, and audits the price change', async () => {
    const product = newProduct();
    const { id } = (await create(product)).json();
    const edited = await t.call({
      method: 'PATCH',
      url: `/api/products/${id}`,
      token: admin,
      payload: { ...product, price: '25', status: 'inactive' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toBe('Records have been updated.');
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'product.update'));
    expect(audit?.before).toMatchObject({ price: 2_000, status: 'active' });
    expect(audit?.after).toMatchObject({ price: 2_500, status: 'inactive' });
    const other = (await create(newProduct())).json();
    const clash = await t.call({
      method: 'PATCH',
      url: `/api/products/${other.id}`,
      token: admin,
      payload: newProduct({ code: product.code }),
    });
    expect(clash.json().code).toBe('RECORDS_ALREADY_REGISTERED');
    const missing = await t.call({
      method: 'PATCH',
      url: '/api/products/999999',
      token: admin,
      payload: newProduct(),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lists with search on code and both names, type and status filters, and keyset pages', async () => {
    const list = (query: string) =>
      t.call({ method: 'GET', url: `/api/products?${query}`, token: admin }).then((r) => r.json());
    expect((await list('search=haccp')).items.map((p: { code: string }) => p.code)).toEqual([
      'ONL-HACCP-BASICS',
    ]);
    expect((await list('search=قبعة')).items[0].code).toBe('PHY-CAP-APRON');
    expect((await list('search=card-holder')).items).toHaveLength(1);
    const counted = await t.call({
      method: 'GET',
      url: '/api/products/count?search=card-holder',
      token: admin,
    });
    expect(counted.json()).toEqual({ total: 1, capped: false });
    const online = await list('type=online&limit=100');
    expect(online.items.every((p: { type: string }) => p.type === 'online')).toBe(true);
    const first = await list('sort=price&order=desc&limit=2');
    const second = await list(`sort=price&order=desc&limit=2&cursor=${first.nextCursor}`);
    expect(first.items[0].price).toBeGreaterThanOrEqual(first.items[1].price);
    expect(first.items[1].price).toBeGreaterThanOrEqual(second.items[0].price);
    expect(second.items[0].id).not.toBe(first.items[1].id);
  });

  it.each([
    ['super admin', 200, 201],
    ['CEO', 200, 403],
    ['manager', 200, 403],
    ['Teller', 403, 403],
    ['CFO', 403, 403],
    ['student', 403, 403],
    ['corporate', 403, 403],
    ['Instructor', 403, 403],
  ] as [UserType, number, number][])('%s: list %i, create %i', async (type, read, write) => {
    const { token } = await t.loginAs(type);
    expect((await t.call({ method: 'GET', url: '/api/products', token })).statusCode).toBe(read);
    expect((await create(newProduct(), token)).statusCode).toBe(write);
    expect(
      (await t.call({ method: 'PATCH', url: '/api/products/1', token, payload: newProduct() })).statusCode,
    ).toBe(write === 201 ? 200 : 403);
  });

  it('sends with each product, and with the session, what the caller may do: what the API then allows', async () => {
    const abilitiesOf = async (token: string) => {
      const list = (await t.call({ method: 'GET', url: '/api/products', token })).json();
      const session = (
        await t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} })
      ).json();
      return { row: list.items[0].abilities, caller: session.abilities.products };
    };
    expect(await abilitiesOf(admin)).toEqual({ row: { update: true }, caller: { create: true } });
    const ceo = (await t.loginAs('CEO')).token;
    expect(await abilitiesOf(ceo)).toEqual({ row: { update: false }, caller: { create: false } });
  });

  it('refuses the back-office list without a session', async () => {
    expect((await t.call({ method: 'GET', url: '/api/products' })).statusCode).toBe(401);
  });
});

describe('product images', () => {
  it('stores an image typed by its bytes, serves it publicly, and removes the old one', async () => {
    const { id } = (await create(newProduct())).json();
    expect((await uploadImage(id, JPEG_BYTES)).json().message).toBe('Records have been updated.');
    const first = (await t.call({ method: 'GET', url: `/api/products/${id}`, token: admin })).json()
      .imageFileId;
    const imageAt = (fileId: string) => `/api/public/product-images/${fileId}`;
    const served = await t.call({ method: 'GET', url: imageAt(first) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(JPEG_BYTES)).toBe(true);
    expect((await uploadImage(id, PNG_BYTES)).statusCode).toBe(200);
    const second = (await t.call({ method: 'GET', url: `/api/products/${id}`, token: admin })).json()
      .imageFileId;
    expect(second).not.toBe(first);
    expect((await t.call({ method: 'GET', url: imageAt(first) })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: imageAt(second) })).headers['content-type']).toBe('image/png');
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'product.image.replace'));
    expect(audits.filter((row) => row.entityId === String(id))).toHaveLength(2);
  });

  it('refuses a file that is not a JPEG, PNG or WEBP image, whatever its name, and one over 2 MB', async () => {
    const { id } = (await create(newProduct())).json();
    for (const bytes of [TEXT_BYTES, PDF_BYTES]) {
      const response = await uploadImage(id, bytes);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('This type of file is not allowed. Allowed: JPEG, PNG, WEBP.');
    }
    const big = await uploadImage(id, Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.json().message).toBe('The file is too large. The largest allowed is 2 MB.');
    const product = (await t.call({ method: 'GET', url: `/api/products/${id}`, token: admin })).json();
    expect(product.imageFileId).toBeNull();
  });

  it('lets only holders of create_16 change an image, and never serves a personal file', async () => {
    const { id } = (await create(newProduct())).json();
    const ceo = await t.loginAs('CEO');
    expect((await uploadImage(id, PNG_BYTES, ceo.token)).statusCode).toBe(403);
    expect((await uploadImage(999_999, PNG_BYTES)).statusCode).toBe(404);
    const unknown = await t.call({
      method: 'GET',
      url: '/api/public/product-images/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the public catalogue', () => {
  it('lists active products without a login, hiding inactive ones and staff fields', async () => {
    const hidden = newProduct({ status: 'inactive', nameEn: 'Hidden apron' });
    const { id } = (await create(hidden)).json();
    const page = (await t.call({ method: 'GET', url: '/api/public/products?limit=100' })).json();
    expect(page.items.some((p: { id: number }) => p.id === id)).toBe(false);
    expect(page.items.length).toBeGreaterThanOrEqual(5);
    expect(page.items[0]).not.toHaveProperty('status');
    const search = (await t.call({ method: 'GET', url: '/api/public/products?search=hidden' })).json();
    expect(search.items).toEqual([]);
    const counted = (await t.call({ method: 'GET', url: '/api/public/products/count' })).json();
    expect(counted.total).toBe(page.items.length);
    const staffCount = async (query: string) =>
      (await t.call({ method: 'GET', url: `/api/products/count${query}`, token: admin })).json().total;
    expect(await staffCount('?status=active')).toBe(counted.total);
    expect(await staffCount('')).toBeGreaterThan(counted.total);
    expect((await t.call({ method: 'GET', url: `/api/public/products/${id}` })).statusCode).toBe(404);
  });

  it('filters by type, searches, and shows one active product with its VAT-inclusive total', async () => {
    const online = (await t.call({ method: 'GET', url: '/api/public/products?type=online' })).json();
    expect(online.items.length).toBeGreaterThan(0);
    expect(online.items.every((p: { type: string }) => p.type === 'online')).toBe(true);
    const found = (await t.call({ method: 'GET', url: '/api/public/products?search=HACCP' })).json();
    expect(found.items).toHaveLength(1);
    const detail = await t.call({ method: 'GET', url: `/api/public/products/${found.items[0].id}` });
    // 199.00 + 15 % VAT (29.85) = 228.85
    expect(detail.json()).toMatchObject({ price: 19_900, vat: 2_985, total: 22_885, type: 'online' });
  });

  it('refuses a filter or field the catalogue does not have', async () => {
    expect((await t.call({ method: 'GET', url: '/api/public/products?status=inactive' })).statusCode).toBe(
      400,
    );
    expect((await t.call({ method: 'GET', url: '/api/public/products?type=weapon' })).statusCode).toBe(400);
  });
});

describe('identical changes at once (races on PostgreSQL with TEST_DATABASE_URL)', () => {
  const patch = (id: number | undefined, payload: object) =>
    t.call({ method: 'PATCH', url: `/api/products/${id}`, token: admin, payload });
  /** `RACERS` saved products, for races to give them all one value. */
  async function savedIds() {
    const ids: number[] = [];
    for (let index = 0; index < RACERS; index++) ids.push((await create(newProduct())).json().id);
    return ids;
  }

  it('adds one product and answers the others that its code is registered', async () => {
    const product = newProduct();
    expectOneWinner(await atOnce(() => create(product)), 201, {
      code: 'RECORDS_ALREADY_REGISTERED',
      field: 'code',
    });
  });

  it('gives one product a code or a name and refuses the others on that field', async () => {
    const ids = await savedIds();
    const code = newProduct().code;
    expectOneWinner(await atOnce((index) => patch(ids[index], newProduct({ code }))), 200, {
      code: 'RECORDS_ALREADY_REGISTERED',
      field: 'code',
    });
    const nameEn = newProduct().nameEn;
    expectOneWinner(await atOnce((index) => patch(ids[index], newProduct({ nameEn }))), 200, {
      code: 'NAME_EXISTS',
      field: 'nameEn',
    });
    const nameAr = newProduct().nameAr;
    expectOneWinner(await atOnce((index) => patch(ids[index], newProduct({ nameAr }))), 200, {
      code: 'NAME_EXISTS',
      field: 'nameAr',
    });
  });

  it('replaces an image many times at once and keeps only the last file', async () => {
    const { id } = (await create(newProduct())).json();
    const responses = await atOnce(() => uploadImage(id, PNG_BYTES));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(RACERS).fill(200));
    const [product] = await t.db.select().from(products).where(eq(products.id, id));
    const unlinked = await t.db
      .select({ id: files.id })
      .from(files)
      .leftJoin(products, eq(products.imageFileId, files.id))
      .where(and(eq(files.kind, 'product-image'), isNull(products.id)));
    expect(product?.imageFileId).toBeTruthy();
    expect(unlinked).toEqual([]);
  });
});

describe('an edit without a status', () => {
  it('keeps an inactive product inactive and out of the catalogue; a new one is active', async () => {
    const product = newProduct();
    const { id } = (await create(product)).json();
    expect((await t.call({ method: 'GET', url: `/api/products/${id}`, token: admin })).json().status).toBe(
      'active',
    );
    const patch = (payload: Record<string, unknown>) =>
      t.call({ method: 'PATCH', url: `/api/products/${id}`, token: admin, payload });
    await patch({ ...product, status: 'inactive' });
    expect((await patch({ ...product, nameEn: `${product.nameEn} v2` })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/products/${id}`, token: admin })).json().status).toBe(
      'inactive',
    );
  });
});
