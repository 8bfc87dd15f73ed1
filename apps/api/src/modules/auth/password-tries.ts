import { AppError } from '../../lib/app-error.ts';
import type { Ctx } from '../../lib/context.ts';
import {
  claimPacedHit,
  clearCounter,
  countHit,
  giveBackHit,
  type Pace,
  pacedWait,
  takeWithinLimit,
} from '../../lib/rate-limit.ts';
import { type ChallengeSettings, spendSolution } from './challenge.ts';

/**
 * The defences around a password check. Nothing locks an account: a stranger's wrong guesses
 * cannot keep its owner out.
 * - Per account and address: after 3 wrong passwords in a row, each next try from that address
 *   waits 1, 2, 4… seconds (at most 15 minutes) after the one before; answered 429 with
 *   Retry-After, never by holding the request. Another address is not slowed by it.
 * - Per account (from anywhere) and per address (for any account): beyond 5 and 20 wrong tries in
 *   15 minutes, each try needs a solved proof-of-work challenge (ALTCHA): a cost to a guesser,
 *   a few seconds for the owner.
 * Counts live in `rate_limit_counters`, shared by every API process; each try is counted before
 * its password is checked, so parallel guesses cannot slip past the count.
 */
const FREE_TRIES_PER_ACCOUNT = 5;
const FREE_TRIES_PER_ADDRESS = 20;
const FREE_WINDOW_SECONDS = 15 * 60;
const PAIR_PACE: Pace = { free: 3, maxWaitSeconds: 15 * 60, idleSeconds: 60 * 60 };

/** Whose password is tried: `user:<id>`, or for a login that names no account, `login:<name>`. */
export type TrySubject = `user:${number}` | `login:${string}`;

function tryKeys(subject: TrySubject, ip: string) {
  return {
    account: `login-free:${subject}`,
    address: `login-free:ip:${ip}`,
    pair: `login-pace:${subject}:ip:${ip}`,
  };
}

function waitError(seconds: number) {
  return new AppError('LOGIN_WAIT', {
    status: 429,
    params: { seconds },
    headers: { 'retry-after': String(seconds) },
  });
}

/** Refuses with 429 while this address must wait before trying this account's password again. */
async function refuseWhilePaced(ctx: Ctx, pairKey: string): Promise<void> {
  const wait = await pacedWait(ctx.db, pairKey, PAIR_PACE);
  if (wait > 0) throw waitError(wait);
}

/** Counts the try against the pace of this account and address; 429 if a parallel try took the turn. */
async function claimTurn(ctx: Ctx, pairKey: string): Promise<void> {
  const claim = await claimPacedHit(ctx.db, pairKey, PAIR_PACE);
  if (claim !== true) throw waitError(claim);
}

/**
 * A login's password check: paced per account and address, and beyond the free tries only with
 * a solved challenge (`solution`, the widget's payload). A right password takes back this try's
 * counts. Returns whether the password was right.
 */
export async function checkLoginPassword(
  ctx: Ctx,
  challenges: ChallengeSettings,
  attempt: { subject: TrySubject; solution: string | undefined },
  check: () => Promise<boolean>,
): Promise<boolean> {
  const keys = tryKeys(attempt.subject, ctx.ip);
  await refuseWhilePaced(ctx, keys.pair);
  const taken = {
    account: await takeWithinLimit(ctx.db, keys.account, FREE_TRIES_PER_ACCOUNT, FREE_WINDOW_SECONDS),
    address: await takeWithinLimit(ctx.db, keys.address, FREE_TRIES_PER_ADDRESS, FREE_WINDOW_SECONDS),
  };
  const giveBack = async () => {
    if (taken.account) await giveBackHit(ctx.db, keys.account);
    if (taken.address) await giveBackHit(ctx.db, keys.address);
  };
  if (!(taken.account && taken.address)) {
    try {
      await spendSolution(ctx.db, challenges, attempt.solution);
    } catch (error) {
      await giveBack();
      throw error;
    }
  }
  await claimTurn(ctx, keys.pair);
  if (!(await check())) return false;
  await clearCounter(ctx.db, keys.pair);
  await giveBack();
  return true;
}

/**
 * The old password of a logged-in change, before it is checked: paced like a login from this
 * address (429 while it must wait). Then `settleOldPasswordTry` with the outcome.
 */
export async function claimOldPasswordTry(ctx: Ctx, userId: number): Promise<void> {
  const keys = tryKeys(`user:${userId}`, ctx.ip);
  await refuseWhilePaced(ctx, keys.pair);
  await claimTurn(ctx, keys.pair);
}

/**
 * The outcome of an old-password check: a right one clears the pace; a wrong one counts toward
 * the account's free login tries (a stolen session is no way to guess the password).
 */
export async function settleOldPasswordTry(ctx: Ctx, userId: number, isRight: boolean): Promise<void> {
  const keys = tryKeys(`user:${userId}`, ctx.ip);
  if (isRight) await clearCounter(ctx.db, keys.pair);
  else await countHit(ctx.db, keys.account, FREE_WINDOW_SECONDS);
}
