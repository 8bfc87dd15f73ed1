import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { readAccessToken, secretKey, signAccessToken } from './tokens.ts';

const key = secretKey('a'.repeat(40));
const claims = { userId: 7, sessionId: '3f2b8c1e-0c7a-4d4e-9b1a-2f5e6d7c8b9a' };
const inAnHour = () => new Date(Date.now() + 3_600_000);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access tokens (HS256 through node:crypto)', () => {
  it('reads back the claims of a token it signed', () => {
    expect(readAccessToken(key, signAccessToken(key, claims, inAnHour()))).toEqual(claims);
  });

  it('still reads tokens issued before, in the same format (jose, HS256)', async () => {
    const issued = await new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuedAt()
      .setExpirationTime(Math.floor(inAnHour().getTime() / 1000))
      .sign(key);
    expect(readAccessToken(key, issued)).toEqual(claims);
  });

  it('refuses another algorithm, another key, an expired token and malformed ones', async () => {
    const token = signAccessToken(key, claims, inAnHour());
    const [, payload, signature] = token.split('.') as [string, string, string];
    const jose = (alg: string, body: Record<string, unknown>, withKey = key) =>
      new SignJWT(body).setProtectedHeader({ alg }).sign(withKey);
    const exp = Math.floor(inAnHour().getTime() / 1000);
    const refused = [
      await jose('HS512', { sid: claims.sessionId, sub: '7', exp }),
      await jose('HS256', { sid: claims.sessionId, sub: '7', exp }, secretKey('b'.repeat(40))),
      await jose('HS256', { sid: claims.sessionId, sub: '7', exp: Math.floor(Date.now() / 1000) - 1 }),
      await jose('HS256', { sid: claims.sessionId, sub: '7' }),
      await jose('HS256', { sid: claims.sessionId, sub: 'seven', exp }),
      await jose('HS256', { sub: '7', exp }),
      `${b64({ alg: 'none' })}.${payload}.`,
      `${b64({ alg: 'HS256', typ: 'JWT' })}.${payload}.${signature}`,
      `${token.split('.')[0]}.${b64({ sid: claims.sessionId, sub: '8', exp })}.${signature}`,
      `${token}x`,
      token.slice(0, -1),
      `${token}.extra`,
      'garbage',
      '..',
      '',
    ];
    for (const forged of refused) expect(readAccessToken(key, forged), forged).toBeUndefined();
  });
});
