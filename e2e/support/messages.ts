import { MESSAGES, type MessageCode } from '../../packages/shared/src/messages.ts';
import type { Language } from './language.ts';

/** A spec message in a language, from the same source the app uses. */
export function text(code: MessageCode, language: Language): string {
  return MESSAGES[code][language];
}
