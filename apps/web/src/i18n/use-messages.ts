import type { MessageCode } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error.ts';

type MessageParams = Record<string, string | number>;

/** Texts of the spec's messages by code, in the current language. */
export function useMessages() {
  const { t } = useTranslation('messages');
  const message = (code: MessageCode, params?: MessageParams): string => t(code, params ?? {});
  /** A failed call in words: its code's text in the current language, else the server's message. */
  const errorMessage = (error: unknown, fallback: MessageCode = 'REQUEST_FAILED'): string => {
    if (error instanceof ApiError) {
      if (error.code) return message(error.code, error.params);
      if (error.message) return error.message;
    }
    return message(fallback);
  };
  return { message, errorMessage };
}
