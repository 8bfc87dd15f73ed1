import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { sniffMimeType } from './file-store.ts';
import { invalidTextError, isInvalidText } from './text-check.ts';

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
  'audio/webm': 'WEBM',
  'audio/ogg': 'OGG',
  'audio/mpeg': 'MP3',
  'audio/mp4': 'M4A',
  'application/zip': 'XLSX',
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

/** Whether an error was raised by the multipart plugin for a limit it enforces (it carries a 4xx). */
function isRequestLimitError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return false;
  return typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;
}

/**
 * Reads a multipart form: its text fields, and the files the rules name, each checked for
 * size (refused, never cut) and for type by its bytes. A file field not in the rules is a 400;
 * so is text with a NUL or an unpaired surrogate (in a field's name or value, or a file's name),
 * a field value over the size limit, and a body that ends early or cannot be parsed. Nothing is returned, so nothing is stored,
 * until the whole form has been read.
 */
export async function readMultipartForm<Rules extends Record<string, FileRule>>(
  request: FastifyRequest,
  rules: Rules,
): Promise<{ fields: Record<string, string>; files: Partial<Record<keyof Rules, ReceivedFile>> }> {
  if (!request.isMultipart()) throw new AppError('MALFORMED_REQUEST', { status: 400 });
  const fields: Record<string, string> = {};
  const files: Partial<Record<keyof Rules, ReceivedFile>> = {};
  const invalidText = new Set<string>();
  const cutShort = new Set<string>();
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string') throw new AppError('MALFORMED_REQUEST', { status: 400 });
        if (isInvalidText(part.fieldname) || isInvalidText(part.value)) invalidText.add(part.fieldname);
        // A value over the plugin's field size arrives cut: refused, never kept shortened.
        if (part.valueTruncated || part.fieldnameTruncated) cutShort.add(part.fieldname);
        fields[part.fieldname] = part.value;
        continue;
      }
      const rule = rules[part.fieldname];
      if (!rule) {
        part.file.resume();
        throw new AppError('UNKNOWN_FIELD', { status: 400, fields: { [part.fieldname]: 'UNKNOWN_FIELD' } });
      }
      if (isInvalidText(part.filename)) invalidText.add(part.fieldname);
      files[part.fieldname as keyof Rules] = await readFilePart(part, part.fieldname, rule);
    }
  } catch (error) {
    if (error instanceof AppError || isRequestLimitError(error)) throw error;
    // The parser's own failures (a body cut short, a broken part header) are the caller's bad request.
    request.log.info({ err: error }, 'multipart body refused');
    throw new AppError('MALFORMED_REQUEST', { status: 400 });
  }
  if (invalidText.size > 0) throw invalidTextError([...invalidText]);
  if (cutShort.size > 0) {
    throw new AppError('TOO_LONG', {
      status: 400,
      fields: Object.fromEntries([...cutShort].map((field) => [field, 'TOO_LONG'])),
    });
  }
  return { fields, files };
}

/** A file the form must carry: without it, a 400 "required" on its field. */
export function requireFile(file: ReceivedFile | undefined, field: string): ReceivedFile {
  if (!file) throw new AppError('REQUIRED', { status: 400, fields: { [field]: 'REQUIRED' } });
  return file;
}
