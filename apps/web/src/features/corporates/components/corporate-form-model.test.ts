import type { Corporate } from '@tasreeh/shared';
import { describe, expect, it } from 'vitest';
import { bodyOf, fileProblemOf, validateCorporate, valuesOf } from './corporate-form-model.ts';

const filled = {
  ...valuesOf(undefined),
  nameEn: 'Golden Bakery',
  nameAr: 'مخبز الذهب',
  crNumber: '٤٠٣٠٠٠٠٠٠١',
  representativeName: 'Saleh Al-Amri',
  representativeEmail: 'saleh@golden.test',
  representativePhone: '0570000001',
  headOfficeRegion: 'SA-02',
  headOfficeCity: 'jeddah',
};

describe('corporate form model', () => {
  it('asks for the required fields with the shared rules’ messages', () => {
    expect(validateCorporate(valuesOf(undefined))).toMatchObject({
      nameEn: 'ENTER_NAME',
      nameAr: 'ENTER_NAME',
      crNumber: 'CR_NUMBER_INVALID',
      representativeName: 'ENTER_NAME',
      representativeEmail: 'ENTER_EMAIL',
      headOfficeRegion: 'SELECT_REGION',
    });
  });

  it('passes a filled form, leaving blanks out of the body, and checks the optional identifiers', () => {
    expect(validateCorporate(filled)).toEqual({});
    expect(bodyOf(filled)).not.toHaveProperty('vatNumber');
    expect(validateCorporate({ ...filled, vatNumber: '123' })).toEqual({ vatNumber: 'VAT_NUMBER_INVALID' });
    expect(validateCorporate({ ...filled, virtualIban: 'SA00 1234' })).toEqual({
      virtualIban: 'IBAN_INVALID',
    });
    expect(validateCorporate({ ...filled, headOfficeCity: 'riyadh' })).toEqual({
      headOfficeCity: 'SELECT_CITY',
    });
  });

  it('refuses a copy over 5 MB or of another type before anything is sent', () => {
    const pdf = new File(['%PDF-1.4'], 'cr.pdf', { type: 'application/pdf' });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'cr.pdf', { type: 'application/pdf' });
    const word = new File(['x'], 'cr.docx', { type: 'application/msword' });
    expect(fileProblemOf(pdf)).toBeUndefined();
    expect(fileProblemOf(big)).toBe('FILE_TOO_LARGE');
    expect(validateCorporate({ ...filled, licenceCopy: word })).toEqual({
      licenceCopy: 'FILE_TYPE_NOT_ALLOWED',
    });
  });

  it('fills the form from a stored corporate, nulls as blanks', () => {
    // Safe for this check: valuesOf reads only the text fields, all given here.
    const stored = {
      ...filled,
      crNumber: '4030000001',
      vatNumber: null,
      type: 'company',
    } as unknown as Corporate;
    expect(valuesOf(stored)).toMatchObject({
      crNumber: '4030000001',
      vatNumber: '',
      type: 'company',
      crCopy: null,
    });
  });
});
