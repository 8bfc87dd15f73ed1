import { describe, expect, it } from 'vitest';
import { LoginBody, VerifyOtpBody } from './auth.ts';
import { CreateOtpBody } from './otp.ts';

const OTP_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

/** The messages of a failed parse, or [] when it passed. */
function messagesOf(result: { error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('LoginBody', () => {
  it('accepts an e-mail and a password, trimming only the e-mail', () => {
    expect(LoginBody.parse({ email: ' user@tasreeh.test ', password: ' secret ' })).toEqual({
      email: 'user@tasreeh.test',
      password: ' secret ',
    });
  });

  it('refuses an unknown key', () => {
    const result = LoginBody.safeParse({ email: 'a@b.c', password: 'x', type: 'super admin' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it.each([
    [{ password: 'x' }],
    [{ email: '', password: 'x' }],
    [{ email: '   ', password: 'x' }],
    [{ email: 'a@b.c' }],
    [{ email: 'a@b.c', password: '' }],
    [{}],
  ])('asks to fill out all fields for %j', (body) => {
    const messages = messagesOf(LoginBody.safeParse(body));
    expect(messages.length).toBeGreaterThan(0);
    expect(new Set(messages)).toEqual(new Set(['FILL_ALL_FIELDS']));
  });
});

describe('CreateOtpBody', () => {
  it('writes a local Saudi phone as E.164', () => {
    expect(CreateOtpBody.parse({ phone: '0551234567' })).toEqual({ phone: '+966551234567' });
    expect(CreateOtpBody.parse({ phone: '٠٥٥١٢٣٤٥٦٧' })).toEqual({ phone: '+966551234567' });
  });

  it('refuses a phone that is not valid', () => {
    expect(messagesOf(CreateOtpBody.safeParse({ phone: '12345' }))).toEqual(['PHONE_INVALID']);
    expect(messagesOf(CreateOtpBody.safeParse({ phone: 'x'.repeat(40) }))).toEqual(['PHONE_INVALID']);
  });

  it('accepts an e-mail alone, lower-cased', () => {
    expect(CreateOtpBody.parse({ email: ' User@Tasreeh.TEST ' })).toEqual({ email: 'user@tasreeh.test' });
  });

  it('keeps the masked phone check-user-exists showed beside an e-mail (spec §7 forgot password)', () => {
    expect(CreateOtpBody.parse({ email: 'a@b.c', phone: '**********67' })).toEqual({
      email: 'a@b.c',
      phone: '**********67',
    });
    expect(CreateOtpBody.parse({ email: 'a@b.c', phone: '0551234567' }).phone).toBe('+966551234567');
  });

  it('refuses a masked phone without an e-mail', () => {
    expect(messagesOf(CreateOtpBody.safeParse({ phone: '**********67' }))).toEqual(['PHONE_INVALID']);
  });

  it('takes a solved challenge (`altcha`) as it comes', () => {
    expect(CreateOtpBody.parse({ phone: '0551234567', altcha: 'eyJ9' }).altcha).toBe('eyJ9');
    expect(LoginBody.parse({ email: 'a@b.c', password: 'x', altcha: 'eyJ9' }).altcha).toBe('eyJ9');
  });

  it('needs a phone or an e-mail', () => {
    expect(messagesOf(CreateOtpBody.safeParse({}))).toEqual(['FILL_ALL_FIELDS']);
    expect(messagesOf(CreateOtpBody.safeParse({ email: '' }))).toEqual(['FILL_ALL_FIELDS']);
  });

  it('refuses an unknown key', () => {
    expect(CreateOtpBody.safeParse({ phone: '0551234567', userId: 1 }).success).toBe(false);
  });
});

describe('VerifyOtpBody', () => {
  it('accepts ASCII, Arabic-Indic and Eastern Arabic-Indic digits, stored as ASCII', () => {
    expect(VerifyOtpBody.parse({ id: OTP_ID, otp: '1234' }).otp).toBe('1234');
    expect(VerifyOtpBody.parse({ id: OTP_ID, otp: '١٢٣٤' }).otp).toBe('1234');
    expect(VerifyOtpBody.parse({ id: OTP_ID, otp: '۱۲۳۴۵۶' }).otp).toBe('123456');
  });

  it.each([['abcd'], ['12a4'], ['123'], ['1234567'], ['']])('refuses the code %j', (otp) => {
    expect(messagesOf(VerifyOtpBody.safeParse({ id: OTP_ID, otp }))).toEqual(['OTP_INVALID']);
  });

  it('refuses an id that is not a UUID', () => {
    expect(messagesOf(VerifyOtpBody.safeParse({ id: '42', otp: '1234' }))).toEqual(['OTP_INVALID']);
  });
});
