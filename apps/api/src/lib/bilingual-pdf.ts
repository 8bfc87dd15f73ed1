import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';
import { gregorianToHijri } from '@tasreeh/shared';
import QRCode from 'qrcode';

/** The fonts shipped in the repository (Noto Naskh Arabic, Noto Sans; OFL). */
const FONTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/fonts');
const WORKSPACE = path.resolve(FONTS, '..');

let compiler: NodeCompiler | undefined;
function compilerOf(): NodeCompiler {
  compiler ??= NodeCompiler.create({ workspace: WORKSPACE, fontArgs: [{ fontPaths: [FONTS] }] });
  return compiler;
}

/**
 * The Typst lines every bilingual document starts with: A4, the shipped Latin and Arabic fonts at
 * `size`, `both(en, ar)` (English on the left, Arabic on the right, right to left) and
 * `figures(value)` (a number or a code kept left to right inside Arabic text).
 */
export function bilingualPreamble(size: '10pt' | '11pt'): string {
  return `
#set page(paper: "a4", margin: 18mm)
#set text(font: ("Noto Sans", "Noto Naskh Arabic"), size: ${size})
#let both(en, ar) = grid(columns: (1fr, 1fr), align(left, en), align(right, text(dir: rtl, ar)))
#let figures(value) = box(text(dir: ltr, value))
`;
}

/**
 * Compiles a Typst document to PDF with `files` (workspace path such as `/invoice.json` → bytes)
 * readable for this compile only: the values stay data, never spliced into the markup.
 */
export function compilePdf(template: string, files: Record<string, Buffer>): Buffer {
  const typst = compilerOf();
  const mapped = Object.keys(files).map((file) => path.join(WORKSPACE, file));
  // The compiler is synchronous: no other document can slip in between mapping its files and compiling.
  for (const [file, bytes] of Object.entries(files)) typst.mapShadow(path.join(WORKSPACE, file), bytes);
  try {
    return typst.pdf({ mainFileContent: template });
  } finally {
    for (const file of mapped) typst.unmapShadow(file);
  }
}

/** A value as the JSON file a template reads with `json(...)`. */
export function jsonFile(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value));
}

/** The SVG of a QR code (error correction M: a crease or a stain still reads). */
export async function qrSvg(text: string): Promise<Buffer> {
  return Buffer.from(await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 0 }));
}

/** A Gregorian day `YYYY-MM-DD` as its Umm al-Qura day `YYYY/MM/DD`, or the empty text outside the table. */
export function hijriOf(day: string): string {
  const hijri = gregorianToHijri(day);
  if (!hijri) return '';
  const two = (value: number) => String(value).padStart(2, '0');
  return `${hijri.year}/${two(hijri.month)}/${two(hijri.day)}`;
}
