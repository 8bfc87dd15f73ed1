import type { TestApp } from './test-app.ts';

/** Small real files for upload tests: the bytes each format starts with, and a little more. */
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const TEXT_BYTES = Buffer.from('just some text, named photo.png');

/**
 * Sends one file as a multipart form, as the upload routes take it (field `file` unless told),
 * always named `upload.png`: the server must go by the bytes, whatever the name says.
 */
export function putFile(
  t: TestApp,
  request: { url: string; bytes: Buffer; token: string; field?: string; lang?: 'en' | 'ar' },
) {
  const form = new FormData();
  form.append(request.field ?? 'file', new Blob([request.bytes]), 'upload.png');
  return t.call({ method: 'PUT', url: request.url, token: request.token, payload: form, lang: request.lang });
}
