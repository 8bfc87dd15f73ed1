import type { MessageCode } from '@tasreeh/shared';

export interface AppErrorOptions {
  status: number;
  params?: Record<string, string | number>;
  fields?: Record<string, MessageCode>;
  /** Extra response fields a spec call reads next to the envelope (e.g. `data.statusCode`). */
  data?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** An error a caller can act on: its code names a message in both languages. */
export class AppError extends Error {
  readonly code: MessageCode;
  readonly status: number;
  readonly params: AppErrorOptions['params'];
  readonly fields: AppErrorOptions['fields'];
  readonly data: AppErrorOptions['data'];
  readonly headers: AppErrorOptions['headers'];

  constructor(code: MessageCode, options: AppErrorOptions) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status;
    this.params = options.params;
    this.fields = options.fields;
    this.data = options.data;
    this.headers = options.headers;
  }
}

export const unauthenticated = () => new AppError('UNAUTHENTICATED', { status: 401 });
export const forbidden = () => new AppError('FORBIDDEN', { status: 403 });
export const notFound = () => new AppError('NOT_FOUND', { status: 404 });
/** A 400 for one field, with the message code of its problem. */
export const invalidField = (field: string, code: MessageCode) =>
  new AppError(code, { status: 400, fields: { [field]: code } });
