import { isMessageCode, type MessageCode } from '@tasreeh/shared';

/** A failed API call: the HTTP status and, when the server sent the envelope, its code and message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: MessageCode | undefined;
  readonly params: Record<string, string | number> | undefined;
  readonly fields: Record<string, MessageCode> | undefined;
  /** Extra answer fields beside the envelope (an import's row-by-row report: `data.rows`). */
  readonly data: Record<string, unknown> | undefined;

  constructor(
    status: number,
    message: string,
    details: {
      code?: MessageCode;
      params?: Record<string, string | number>;
      fields?: Record<string, MessageCode>;
      data?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = details.code;
    this.params = details.params;
    this.fields = details.fields;
    this.data = details.data;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readParams(value: unknown): Record<string, string | number> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return Object.fromEntries(entries);
}

function readFields(value: unknown): Record<string, MessageCode> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, MessageCode] =>
    isMessageCode(entry[1]),
  );
  return Object.fromEntries(entries);
}

/** The error for a failed response body: the server's message, or "Request failed" when it has none. */
export function apiErrorFrom(status: number, body: unknown, fallbackMessage: string): ApiError {
  if (!isRecord(body)) return new ApiError(status, fallbackMessage);
  const message = typeof body.message === 'string' && body.message ? body.message : fallbackMessage;
  return new ApiError(status, message, {
    code: isMessageCode(body.code) ? body.code : undefined,
    params: readParams(body.params),
    fields: readFields(body.fields),
    data: isRecord(body.data) ? body.data : undefined,
  });
}
