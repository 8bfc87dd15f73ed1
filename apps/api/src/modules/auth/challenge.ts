import { hkdfSync, randomInt } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordUsedChallenge } from './repo.ts';

/**
 * The proof-of-work challenge (self-hosted ALTCHA) asked after repeated failed logins and before a
 * code goes to a phone number: the browser finds a secret number by trying keys, each a PBKDF2 of
 * 5,000 rounds; the server checks the answer with one. Signed with keys derived from the server
 * secret, so any API process can check what another issued.
 */
const ALGORITHM = 'PBKDF2/SHA-256';
const COST = 5_000;
const LIFETIME_SECONDS = 10 * 60;

export interface ChallengeSettings {
  signatureSecret: string;
  keySignatureSecret: string;
  /** The secret number is drawn from the upper two thirds of 1…maxNumber. */
  maxNumber: number;
}

export function challengeSettings(serverSecret: string, maxNumber: number): ChallengeSettings {
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', serverSecret, 'tasreeh', purpose, 32)).toString('hex');
  return {
    signatureSecret: derive('altcha challenges'),
    keySignatureSecret: derive('altcha challenge keys'),
    maxNumber,
  };
}

/** A new challenge for the widget, good for 10 minutes. */
export async function issueChallenge(settings: ChallengeSettings) {
  const smallest = Math.max(1, Math.ceil(settings.maxNumber / 3));
  const { parameters, signature } = await createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(smallest, settings.maxNumber + 1),
    deriveKey,
    expiresAt: new Date(Date.now() + LIFETIME_SECONDS * 1000),
    hmacSignatureSecret: settings.signatureSecret,
    hmacKeySignatureSecret: settings.keySignatureSecret,
  });
  return { parameters: { ...parameters }, signature };
}

/** What the widget sends: Base64 of `{ challenge, solution }`. Checked for shape before any work. */
const Payload = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.string().max(40),
      nonce: z.string().max(200),
      salt: z.string().max(200),
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive(),
      keyPrefix: z.string().max(200),
      keySignature: z.string().max(200).optional(),
      expiresAt: z.number().int().positive(),
    }),
    signature: z.string().max(200),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(200) }),
});

function parsePayload(payload: string) {
  try {
    return Payload.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8'))).data;
  } catch {
    return undefined;
  }
}

/** Whether a widget payload is a right, unexpired solution of one of our challenges (a look only). */
async function isSolved(settings: ChallengeSettings, payload: string) {
  const parsed = parsePayload(payload);
  if (!parsed) return undefined;
  try {
    const result = await verifySolution({
      challenge: parsed.challenge,
      solution: parsed.solution,
      deriveKey,
      hmacSignatureSecret: settings.signatureSecret,
      hmacKeySignatureSecret: settings.keySignatureSecret,
    });
    return result.verified ? parsed.challenge.parameters : undefined;
  } catch {
    return undefined;
  }
}

const challengeRequired = () =>
  new AppError('CHALLENGE_REQUIRED', { status: 400, fields: { altcha: 'CHALLENGE_REQUIRED' } });

/**
 * Uses up a solved challenge, or refuses with 400 CHALLENGE_REQUIRED (none given, wrong, expired
 * or already used). A solution is good once: its challenge is recorded in the database until it
 * expires, so a second use is refused by every API process.
 */
export async function spendSolution(db: Db, settings: ChallengeSettings, payload: string | undefined) {
  if (!payload) throw challengeRequired();
  const solved = await isSolved(settings, payload);
  if (!solved) throw challengeRequired();
  const fresh = await recordUsedChallenge(db, solved.nonce, new Date(solved.expiresAt * 1000));
  if (!fresh) throw challengeRequired();
}
