import { describe, expect, it } from 'vitest';
import {
  CertificateSearchQuery,
  certificateStatusOf,
  maskIdNumber,
  maskName,
  PublicCertificateQuery,
} from './certificates.ts';

describe('what the public inquiry shows', () => {
  it('keeps the first letter of each name and hides the rest and its length', () => {
    expect(maskName('Mohammed  Rahman')).toBe('M*** R***');
    expect(maskName('محمد رحمن')).toBe('م*** ر***');
    expect(maskName('Al')).toBe('A***');
  });

  it('keeps an ID number’s first digit and last two', () => {
    expect(maskIdNumber('2123456701')).toBe('2*******01');
    expect(maskIdNumber('A1234567')).toBe('A*****67');
    expect(maskIdNumber('12345')).toBe('*****');
  });

  it('tells valid, expired and revoked apart on the centre’s day', () => {
    expect(certificateStatusOf({ validUntil: '2027-11-26', revoked: false }, '2027-11-26')).toBe('valid');
    expect(certificateStatusOf({ validUntil: '2027-11-26', revoked: false }, '2027-11-27')).toBe('expired');
    expect(certificateStatusOf({ validUntil: '2099-01-01', revoked: true }, '2027-11-27')).toBe('revoked');
  });
});

describe('the inquiry queries', () => {
  it('take one key, in any case and with Arabic-Indic digits', () => {
    expect(PublicCertificateQuery.parse({ number: ' crt-٠٠٠٠١٢ ' })).toEqual({ number: 'CRT-000012' });
    expect(CertificateSearchQuery.parse({ idNumber: '٢١٢٣٤٥٦٧٠١' })).toEqual({ idNumber: '2123456701' });
  });

  it('refuse none, both, garbage and NUL bytes', () => {
    for (const query of [
      {},
      { number: 'CRT-000001', idNumber: '2123456701' },
      { number: 'CRT-00\u00000001' },
      { idNumber: '12' },
      { number: 'INV-000001' },
      { number: 'CRT-000001', other: '1' },
    ]) {
      expect(PublicCertificateQuery.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});
