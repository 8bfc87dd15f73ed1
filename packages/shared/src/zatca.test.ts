import { describe, expect, it } from 'vitest';
import { decodeZatcaQr, encodeZatcaQr } from './zatca.ts';

describe('ZATCA QR (TLV, Base64)', () => {
  it('matches a vector built by hand byte by byte', () => {
    const qr = encodeZatcaQr({
      sellerName: 'Bobs Records',
      vatNumber: '310122393500003',
      timestamp: '2022-04-25T15:30:00Z',
      total: '1000.00',
      vatTotal: '150.00',
    });
    // Computed independently: 01 0c "Bobs Records" 02 0f "310122393500003" 03 14 "2022-04-25T15:30:00Z" 04 07 "1000.00" 05 06 "150.00".
    const expected = Buffer.concat([
      Buffer.from([1, 12]),
      Buffer.from('Bobs Records'),
      Buffer.from([2, 15]),
      Buffer.from('310122393500003'),
      Buffer.from([3, 20]),
      Buffer.from('2022-04-25T15:30:00Z'),
      Buffer.from([4, 7]),
      Buffer.from('1000.00'),
      Buffer.from([5, 6]),
      Buffer.from('150.00'),
    ]).toString('base64');
    expect(qr).toBe(expected);
    expect(qr).toBe(
      'AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==',
    );
  });

  it('counts an Arabic seller name in UTF-8 bytes, not characters', () => {
    const sellerName = 'مركز تصريح للتدريب';
    const qr = encodeZatcaQr({
      sellerName,
      vatNumber: '300000000000003',
      timestamp: '2026-11-22T10:15:00Z',
      total: '230.00',
      vatTotal: '30.00',
    });
    const bytes = Buffer.from(qr, 'base64');
    expect(bytes[0]).toBe(1);
    expect(bytes[1]).toBe(Buffer.byteLength(sellerName, 'utf8'));
    expect(bytes[1]).not.toBe(sellerName.length);
    expect(bytes.subarray(2, 2 + (bytes[1] ?? 0)).toString('utf8')).toBe(sellerName);
    expect(decodeZatcaQr(qr)).toEqual({
      sellerName,
      vatNumber: '300000000000003',
      timestamp: '2026-11-22T10:15:00Z',
      total: '230.00',
      vatTotal: '30.00',
    });
  });

  it('refuses a truncated code and an overlong field', () => {
    expect(() => decodeZatcaQr('AQxCb2Jz')).toThrow();
    expect(() =>
      encodeZatcaQr({
        sellerName: 'x'.repeat(256),
        vatNumber: '1',
        timestamp: 't',
        total: '1',
        vatTotal: '1',
      }),
    ).toThrow();
  });
});
