import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF as Typst writes it (fonts with Identity-H codes and a ToUnicode map each),
 * read for tests: each shown string decoded through its font's map, a right-to-left run
 * (marked `/ReversedChars`, in visual order) turned back into reading order. Also gives, per
 * font, how many glyphs stand for each character: a shaped Arabic word uses more than one glyph
 * for the same letter (its initial, medial and final forms).
 */
export function readPdfText(pdf: Buffer): { text: string; glyphsPerChar: Map<string, Map<string, number>> } {
  const source = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream: Buffer | undefined }>();
  const objectPattern = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (const match of source.matchAll(objectPattern)) {
    const [, id = '', body = ''] = match;
    const streamAt = body.search(/stream\r?\n/);
    if (streamAt < 0) {
      objects.set(id, { dict: body, stream: undefined });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const start = body.indexOf('\n', streamAt) + 1;
    const end = body.lastIndexOf('endstream');
    let raw = Buffer.from(body.slice(start, end).replace(/\r?\n$/, ''), 'latin1');
    if (/\/FlateDecode/.test(dict)) raw = inflateSync(raw);
    objects.set(id, { dict, stream: raw });
  }

  const cmapOf = (id: string): Map<number, string> => {
    const map = new Map<number, string>();
    const text = objects.get(id)?.stream?.toString('latin1') ?? '';
    const hexText = (hex: string) =>
      String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));
    for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const pair of (block[1] ?? '').matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
        map.set(Number.parseInt(pair[1] ?? '', 16), hexText(pair[2] ?? ''));
      }
    }
    for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const range of (block[1] ?? '').matchAll(
        /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
      )) {
        const [from, to, first] = [range[1], range[2], range[3]].map((hex) => Number.parseInt(hex ?? '', 16));
        for (let code = from ?? 0; code <= (to ?? -1); code++) {
          map.set(code, String.fromCodePoint((first ?? 0) + code - (from ?? 0)));
        }
      }
    }
    return map;
  };

  // Font resource names (`/f0`) to the ToUnicode map of the font object they name.
  const fonts = new Map<string, { name: string; cmap: Map<number, string> }>();
  for (const { dict } of objects.values()) {
    for (const fontDict of dict.matchAll(/\/Font\s*<<([\s\S]*?)>>/g)) {
      for (const entry of (fontDict[1] ?? '').matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
        const font = objects.get(entry[2] ?? '');
        const toUnicode = font?.dict.match(/\/ToUnicode (\d+) 0 R/)?.[1];
        const baseFont = font?.dict.match(/\/BaseFont \/(\S+)/)?.[1] ?? '';
        if (toUnicode) fonts.set(entry[1] ?? '', { name: baseFont, cmap: cmapOf(toUnicode) });
      }
    }
  }

  const glyphsPerChar = new Map<string, Map<string, number>>();
  for (const { name, cmap } of fonts.values()) {
    const counts = glyphsPerChar.get(name) ?? new Map<string, number>();
    for (const chars of cmap.values()) counts.set(chars, (counts.get(chars) ?? 0) + 1);
    glyphsPerChar.set(name, counts);
  }

  let text = '';
  for (const { dict, stream } of objects.values()) {
    const content = stream?.toString('latin1') ?? '';
    if (/\/Subtype/.test(dict) || !/\bTf\b/.test(content)) continue;
    let font: Map<number, string> | undefined;
    let reversed = false;
    let run = '';
    const tokens =
      /\/(\w+)\s+[\d.]+\s+Tf|\/ReversedChars\s+BMC|EMC|\((?:\\[\s\S]|[^\\)])*\)|<([0-9A-Fa-f]*)>|\bET\b/g;
    for (const token of content.matchAll(tokens)) {
      const word = token[0];
      if (token[1]) font = fonts.get(token[1])?.cmap;
      else if (word.startsWith('/ReversedChars')) reversed = true;
      else if (word === 'EMC' && reversed) {
        text += [...run].reverse().join('');
        run = '';
        reversed = false;
      } else if (word === 'ET') text += ' ';
      else if (word.startsWith('(') || word.startsWith('<')) {
        const bytes = word.startsWith('(')
          ? literalBytes(word.slice(1, -1))
          : Buffer.from(token[2] ?? '', 'hex');
        let decoded = '';
        for (let at = 0; at + 1 < bytes.length; at += 2) decoded += font?.get(bytes.readUInt16BE(at)) ?? '';
        if (reversed) run += decoded;
        else text += decoded;
      }
    }
  }
  return { text, glyphsPerChar };
}

/** The bytes of a PDF literal string's inside (its escapes undone). */
function literalBytes(inside: string): Buffer {
  const bytes: number[] = [];
  const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
  for (let at = 0; at < inside.length; at++) {
    const char = inside[at] ?? '';
    if (char !== '\\') {
      bytes.push(char.charCodeAt(0));
      continue;
    }
    const next = inside[at + 1] ?? '';
    const octal = inside.slice(at + 1).match(/^[0-7]{1,3}/)?.[0];
    if (octal) {
      bytes.push(Number.parseInt(octal, 8));
      at += octal.length;
    } else {
      if (next in escapes) bytes.push(escapes[next] ?? 0);
      at += 1;
    }
  }
  return Buffer.from(bytes);
}
