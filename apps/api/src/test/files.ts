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

/**
 * Real photos a PDF can print (12×16 pixels, made by Chromium's canvas): two JPEGs of other
 * colours and a WEBP. Typst embeds a JPEG's bytes as they are, so a PDF shows which one it has.
 */
export const PHOTO_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAQAAwDASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAAAAME/8QAHxAAAQMDBQAAAAAAAAAAAAAAAwABAgQhQQURIjFx/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAWEQEBAQAAAAAAAAAAAAAAAAAAARH/2gAMAwEAAhEDEQA/AJkJRPpghjDNqxpbkI78Xje3fmMLGiIajkx//9k=',
  'base64',
);
export const OTHER_PHOTO_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAQAAwDASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAAAAQF/8QAHhAAAQMEAwAAAAAAAAAAAAAAAwABAgQFIUERInL/xAAVAQEBAAAAAAAAAAAAAAAAAAADBv/EABYRAQEBAAAAAAAAAAAAAAAAAAABEf/aAAwDAQACEQMRAD8Azilt72kIxgJGvafJCu/WUc4bPnWlEiKjkwT/2Q==',
  'base64',
);
export const PHOTO_WEBP = Buffer.from(
  'UklGRlgAAABXRUJQVlA4IEwAAAAwAgCdASoMABAAAsBMJbACdLoAEIcYoCCSgAD+bODresdXHTQrdlS6J3pxUdJtoSj4tBKFmwrH6GihY9q7RiE/+uLYyZzYvEVhQAAA',
  'base64',
);
