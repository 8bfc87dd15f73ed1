import { PublicProduct, PublicProductPage } from '@tasreeh/shared';
import { describe, it } from 'vitest';
import { expectSameVerdicts } from '../../test/answer-agreement.ts';
import { PublicProductAnswer, PublicProductPageAnswer } from './catalogue-api.ts';

const product = {
  id: 3,
  type: 'physical',
  code: 'KIT-1',
  nameEn: 'Hygiene kit',
  nameAr: 'حقيبة النظافة',
  descriptionEn: null,
  descriptionAr: 'وصف',
  price: 10_000,
  vatRate: 1500,
  vat: 1500,
  total: 11_500,
  imageFileId: null,
};

describe('the catalogue’s answer checks', () => {
  it('take and refuse the products the shared PublicProduct takes and refuses', () => {
    expectSameVerdicts(PublicProductAnswer, PublicProduct, product, [
      { ...product, type: 'service' },
      { ...product, price: Number.POSITIVE_INFINITY },
    ]);
  });

  it('take and refuse the pages the shared PublicProductPage takes and refuses', () => {
    const page = { items: [product], nextCursor: 'abc' };
    expectSameVerdicts(PublicProductPageAnswer, PublicProductPage, page, [
      { items: [product, { ...product, id: '4' }], nextCursor: null },
      { items: [], nextCursor: null },
      { items: [{ ...product, nameAr: 7 }], nextCursor: null },
    ]);
  });
});
