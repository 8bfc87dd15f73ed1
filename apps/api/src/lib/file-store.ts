import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What the first bytes of a file say it is; the name and the declared type are not trusted. */
export function sniffMimeType(bytes: Buffer): string | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  if (bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  return sniffAudioOrZip(bytes);
}

/** Recordings of a bank's questions (WebM, Ogg, MP3, M4A) and XLSX workbooks (a ZIP). */
function sniffAudioOrZip(bytes: Buffer): string | undefined {
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'audio/webm';
  if (bytes.length >= 4 && bytes.toString('latin1', 0, 4) === 'OggS') return 'audio/ogg';
  if (bytes.length >= 3 && bytes.toString('latin1', 0, 3) === 'ID3') return 'audio/mpeg';
  if (bytes.length >= 2 && bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0) return 'audio/mpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const brand = bytes.toString('latin1', 8, 12);
    if (brand.startsWith('M4A') || brand === 'isom' || brand === 'mp42') return 'audio/mp4';
  }
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x504b0304) return 'application/zip';
  return undefined;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'application/zip': 'zip',
};

export interface StoredFile {
  id: string;
  storageKey: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
}

/** Files on local disk under `<dataDir>/files`, named by a generated id. */
export function createFileStore(dataDir: string) {
  const root = path.join(dataDir, 'files');
  const pathOf = (storageKey: string) => {
    const full = path.resolve(root, storageKey);
    if (!full.startsWith(`${root}${path.sep}`)) throw new Error('storage key outside the file store');
    return full;
  };
  return {
    async save(bytes: Buffer, mimeType: string): Promise<StoredFile> {
      const id = randomUUID();
      const storageKey = `${id.slice(0, 2)}/${id}.${EXTENSIONS[mimeType] ?? 'bin'}`;
      const full = pathOf(storageKey);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, bytes, { flag: 'wx', mode: 0o600 });
      return {
        id,
        storageKey,
        mimeType,
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      };
    },
    read(storageKey: string): Promise<Buffer> {
      return readFile(pathOf(storageKey));
    },
    async remove(storageKey: string): Promise<void> {
      await rm(pathOf(storageKey), { force: true });
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
