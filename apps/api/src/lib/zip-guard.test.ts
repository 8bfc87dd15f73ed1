import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zipUnpacksWithin } from './zip-guard.ts';

async function workbookWith(text: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('bank').addRow(['question', text]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const SMALL = { maxEntries: 100, maxUnpackedBytes: 1024 * 1024 };

describe('zipUnpacksWithin', () => {
  it('lets an ordinary workbook through', async () => {
    expect(zipUnpacksWithin(await workbookWith('Wash hands before handling food'), SMALL)).toBe(true);
  });

  it('refuses a small file that unpacks past the ceiling (a zip bomb)', async () => {
    const bomb = await workbookWith('a'.repeat(2 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(zipUnpacksWithin(bomb, SMALL)).toBe(false);
    expect(zipUnpacksWithin(bomb, { maxEntries: 100, maxUnpackedBytes: 8 * 1024 * 1024 })).toBe(true);
  });

  it('refuses too many entries, a truncated zip and bytes that are no zip', async () => {
    const workbook = await workbookWith('x');
    expect(zipUnpacksWithin(workbook, { maxEntries: 2, maxUnpackedBytes: SMALL.maxUnpackedBytes })).toBe(
      false,
    );
    expect(zipUnpacksWithin(workbook.subarray(0, workbook.length - 30), SMALL)).toBe(false);
    expect(zipUnpacksWithin(Buffer.from('question,answer\nno zip here\n'), SMALL)).toBe(false);
    expect(zipUnpacksWithin(Buffer.alloc(0), SMALL)).toBe(false);
  });
});
