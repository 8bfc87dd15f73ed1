import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { TestApp } from './test-app.ts';

/**
 * What the ALTCHA widget does: fetches a challenge, solves it, and hands over the payload
 * (Base64 of the challenge and its solution) that goes in a request's `altcha` field.
 */
export async function solvedChallenge(t: TestApp): Promise<string> {
  const response = await t.call({ method: 'GET', url: '/api/auth/challenge' });
  if (response.statusCode !== 200) throw new Error(`no challenge: ${response.body}`);
  const challenge = response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
