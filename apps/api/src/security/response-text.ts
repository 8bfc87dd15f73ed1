import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A spreadsheet answer's rows, each cell as its text; null for any other answer. */
export async function spreadsheetRows(response: LightMyRequestResponse): Promise<string[][] | null> {
  if (!String(response.headers['content-type'] ?? '').startsWith(XLSX)) return null;
  const workbook = new ExcelJS.Workbook();
  // exceljs's types ask for an ArrayBuffer; it reads a Node Buffer as well.
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell) => {
        cells.push(cell.text);
      });
      rows.push(cells);
    }),
  );
  return rows;
}

/** An answer's text as a reader sees it: the body, or every cell of a spreadsheet. */
export async function responseText(response: LightMyRequestResponse): Promise<string> {
  const rows = await spreadsheetRows(response);
  return rows === null ? response.body : rows.map((cells) => cells.join('\t')).join('\n');
}
