import { describe, expect, it } from 'vitest';
import {
  isMessageCode,
  languageFromHeader,
  MESSAGES,
  type MessageCode,
  translateMessage,
} from './messages.ts';

const ENTRIES = Object.entries(MESSAGES) as [MessageCode, { en: string; ar: string }][];
const ARABIC_LETTER = /[\u0621-\u064a]/;

function paramNames(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe('MESSAGES', () => {
  it.each(ENTRIES)('%s has an English and an Arabic text', (_code, message) => {
    expect(message.en.trim()).not.toBe('');
    expect(message.ar.trim()).not.toBe('');
  });

  it.each(ENTRIES)('%s in Arabic is written in Arabic, with no Latin letters', (_code, message) => {
    expect(message.ar).toMatch(ARABIC_LETTER);
    expect(message.ar.replace(/\{\{\w+\}\}/g, '')).not.toMatch(/[A-Za-z]/);
  });

  it.each(ENTRIES)('%s has the same parameters in both languages', (_code, message) => {
    expect(paramNames(message.ar)).toEqual(paramNames(message.en));
  });

  it.each([
    ['FILL_ALL_FIELDS', 'Please fill out all fields.'],
    ['ENTER_EMAIL', 'Please enter your email'],
    ['EMAIL_NOT_FOUND', 'Email does not exist'],
    ['EMAIL_NOT_REGISTERED', 'Email Not Registered'],
    ['INVALID_CREDENTIALS', 'Invalid email or password'],
    ['PASSWORD_INCORRECT', 'Password is incorrect'],
    ['PLEASE_TRY_AGAIN', 'Please try again'],
    ['ERROR_CHANGING_PASSWORD', 'Error changing password. Please try again.'],
    ['ERROR_UPDATING_PASSWORD', 'Error updating password. Please try again.'],
    ['USER_INFO_MISSING', 'User information missing. Please try again.'],
    ['OTP_INVALID', 'OTP is not valid'],
    ['SOMETHING_WENT_WRONG', 'Something went wrong'],
    ['SOMETHING_WENT_WRONG_TRY_AGAIN', 'Something went wrong please try again'],
    ['NAME_EXISTS', 'Name already exists'],
    ['RECORDS_ALREADY_REGISTERED', 'Records already registered with this information.'],
    ['REQUEST_FAILED', 'Request failed'],
    ['ERROR_FETCHING_DATA', 'Error fetching data'],
    ['PASSWORD_CHANGED', 'Password changed successfully!'],
    ['PASSWORD_UPDATED', 'Password updated successfully!'],
    ['OTP_VERIFIED', 'OTP verified successfully. Please set a new password.'],
    ['OTP_SENT', 'A new OTP has been sent to your phone'],
    ['VERIFICATION_SUCCESSFUL', 'Verification successful!'],
    ['RECORDS_SAVED', 'Records have been saved.'],
    ['RECORDS_UPDATED', 'Records have been updated.'],
  ] as const)('%s keeps the spec wording', (code, text) => {
    expect(MESSAGES[code].en).toBe(text);
  });
});

describe('isMessageCode', () => {
  it('knows the codes and nothing else', () => {
    expect(isMessageCode('OTP_INVALID')).toBe(true);
    expect(isMessageCode('NOT_A_CODE')).toBe(false);
    expect(isMessageCode('toString')).toBe(false);
    expect(isMessageCode(42)).toBe(false);
  });
});

describe('translateMessage', () => {
  it('gives the text in the language asked for', () => {
    expect(translateMessage('OTP_INVALID', 'en')).toBe('OTP is not valid');
    expect(translateMessage('OTP_INVALID', 'ar')).toBe(MESSAGES.OTP_INVALID.ar);
  });

  it('fills parameters in both languages', () => {
    expect(translateMessage('OTP_RESEND_WAIT', 'en', { seconds: 120 })).toBe(
      'Please wait 120 seconds before asking for a new code.',
    );
    const arabic = translateMessage('OTP_RESEND_WAIT', 'ar', { seconds: 120 });
    expect(arabic).toContain('120');
    expect(arabic).not.toContain('{{');
  });

  it('leaves a placeholder whose parameter is not given', () => {
    expect(translateMessage('OTP_RESEND_WAIT', 'en', {})).toBe(MESSAGES.OTP_RESEND_WAIT.en);
  });
});

describe('languageFromHeader', () => {
  it.each([
    ['ar-SA,en;q=0.8', 'ar'],
    ['ar', 'ar'],
    ['AR-sa', 'ar'],
    ['en-US', 'en'],
    ['en-US,ar;q=0.9', 'en'],
    ['fr', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    // a language tag is read by its whole first subtag: Mapudungun (arn) is not Arabic
    ['arn-CL', 'en'],
  ])('%s → %s', (header, language) => {
    expect(languageFromHeader(header)).toBe(language);
  });
});

describe('languageFromHeader weights', () => {
  it('takes the most wanted of Arabic and English by q, then by order', () => {
    expect(languageFromHeader('en;q=0.1, ar;q=0.9')).toBe('ar');
    expect(languageFromHeader('fr, ar;q=0.5, en;q=0.4')).toBe('ar');
    expect(languageFromHeader('ar;q=0, en')).toBe('en');
    expect(languageFromHeader('en, ar')).toBe('en');
    expect(languageFromHeader('fr-CA, de')).toBe('en');
  });
});
