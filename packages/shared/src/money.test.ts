import { describe, expect, it } from 'vitest';
import { computeFees, parseRiyals, percentOf, toRiyalString } from './money.ts';

describe('parseRiyals', () => {
  it.each([
    ['150', 15_000],
    ['150.5', 15_050],
    ['150.05', 15_005],
    ['0.01', 1],
    [' 1,500.00 ', 150_000],
    ['١٥٠٫٥٠', 15_050],
    ['۲۳۰', 23_000],
  ])('reads %j as %i halalas', (input, expected) => {
    expect(parseRiyals(input)).toBe(expected);
  });

  it.each(['', 'abc', '1.234', '-5', '1e3', '.5', '12.'])('refuses %j', (input) => {
    expect(parseRiyals(input)).toBeUndefined();
  });
});

describe('toRiyalString', () => {
  it('writes two places', () => {
    expect(toRiyalString(23_000)).toBe('230.00');
    expect(toRiyalString(5)).toBe('0.05');
    expect(toRiyalString(-15_050)).toBe('-150.50');
  });
});

describe('percentOf', () => {
  it('rounds half away from zero to the halala', () => {
    expect(percentOf(10_000, 1500)).toBe(1500);
    expect(percentOf(3, 1500)).toBe(0); // 0.45 halala
    expect(percentOf(10, 1500)).toBe(2); // 1.5 halalas
    expect(percentOf(-10, 1500)).toBe(-2);
  });
});

describe('computeFees', () => {
  it('adds a fixed Amana fee and 15 % VAT on both parts', () => {
    expect(
      computeFees({
        originalFee: 20_000,
        amanaFee: { kind: 'amount', amount: 0 },
        vatRate: 1500,
        vatOnOriginal: true,
        vatOnAmana: true,
      }),
    ).toEqual({ originalFee: 20_000, amanaFee: 0, vatBase: 20_000, vat: 3_000, total: 23_000 });
  });

  it('takes a percent Amana fee of the original and leaves it out of VAT when told', () => {
    expect(
      computeFees({
        originalFee: 15_000,
        amanaFee: { kind: 'percent', rate: 1000 },
        vatRate: 1500,
        vatOnOriginal: true,
        vatOnAmana: false,
      }),
    ).toEqual({ originalFee: 15_000, amanaFee: 1_500, vatBase: 15_000, vat: 2_250, total: 18_750 });
  });

  it('charges no VAT when neither part carries it', () => {
    const fees = computeFees({
      originalFee: 9_999,
      amanaFee: { kind: 'amount', amount: 1 },
      vatRate: 1500,
      vatOnOriginal: false,
      vatOnAmana: false,
    });
    expect(fees.vat).toBe(0);
    expect(fees.total).toBe(10_000);
  });
});
