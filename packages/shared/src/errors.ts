import type { MessageCode } from './messages.ts';

/** The error envelope of every failed API call (DESIGN §4). */
export interface ErrorEnvelope {
  statusCode: number;
  code: MessageCode;
  message: string;
  params?: Record<string, string | number>;
  /** Field path (dot-joined) → message code of its first problem. */
  fields?: Record<string, MessageCode>;
}
