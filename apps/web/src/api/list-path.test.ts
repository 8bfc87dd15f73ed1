import { describe, expect, it } from 'vitest';
import { listPath } from './list-path.ts';

describe('listPath', () => {
  it('leaves out blanks and undefined, and trims text', () => {
    expect(listPath('/branches', { search: '  Riyadh ', region: '', cursor: undefined, limit: 20 })).toBe(
      '/branches?search=Riyadh&limit=20',
    );
  });

  it('gives the bare path when nothing is set', () => {
    expect(listPath('/students', { search: ' ' })).toBe('/students');
  });

  it('encodes Arabic text and reserved characters', () => {
    expect(listPath('/students', { search: 'محمد & علي' })).toBe(
      `/students?search=${encodeURIComponent('محمد').replace(/%20/g, '+')}+%26+${encodeURIComponent('علي')}`,
    );
  });
});
