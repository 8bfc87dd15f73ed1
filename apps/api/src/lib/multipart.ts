import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { sniffMimeType } from './file-store.ts';

export interface FileRule {
  required: boolean;
  maxMegabytes: number;
  types: readonly string[];
}

export interface ReceivedFile {
  bytes: Buffer;
  mimeType: string;
}

const TYPE_NAMES: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WEBP',
  'application/pdf': 'PDF',
};

async function readFilePart(part: MultipartFile, field: string, rule: FileRule): Promise<ReceivedFile> {
  const maxBytes = rule.maxMegabytes * 1024 * 1024;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += chunk.length;
    if (size > maxBytes) {
      part.file.resume();
      throw new AppError('FILE_TOO_LARGE', {
        status: 400,
        params: { max: rule.maxMegabytes },
        fields: { [field]: 'FILE_TOO_LARGE' },
      });
    }
    chunks.push(chunk as Buffer);
  }
  const bytes = Buffer.concat(chunks);
  const mimeType = sniffMimeType(bytes);
  if (!mimeType || !rule.types.includes(mimeType)) {
    throw new AppError('FILE_TYPE_NOT_ALLOWED', {
      status: 400,
      params: { types: rule.types.map((type) => TYPE_NAMES[type] ?? type).join(', ') },
      fields: { [field]: 'FILE_TYPE_NOT_ALLOWED' },
    });
  }
  return { bytes, mimeType };
}

/**
 * Reads a multipart form: its text fields, and the files the rules name, each checked for
 * size (refused, never cut) and for type by its bytes. A file field not in the rules is a 400.
 */
export async function readMultipartForm<Rules extends Record<string, FileRule>>(
  request: FastifyRequest,
  rules: Rules,
): Promise<{ fields: Record<string, string>; files: Partial<Record<keyof Rules, ReceivedFile>> }> {
  if (!request.isMultipart()) throw new AppError('MALFORMED_REQUEST', { status: 400 });
  const fields: Record<string, string> = {};
  const files: Partial<Record<keyof Rules, ReceivedFile>> = {};
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value !== 'string') throw new AppError('MALFORMED_REQUEST', { status: 400 });
      fields[part.fieldname] = part.value;
      continue;
    }
    const rule = rules[part.fieldname];
    if (!rule) {
      part.file.resume();
      throw new AppError('UNKNOWN_FIELD', { status: 400, fields: { [part.fieldname]: 'UNKNOWN_FIELD' } });
    }
    files[part.fieldname as keyof Rules] = await readFilePart(part, part.fieldname, rule);
  }
  return { fields, files };
}

/** A file the form must carry: without it, a 400 "required" on its field. */
export function requireFile(file: ReceivedFile | undefined, field: string): ReceivedFile {
  if (!file) throw new AppError('REQUIRED', { status: 400, fields: { [field]: 'REQUIRED' } });
  return file;
}
