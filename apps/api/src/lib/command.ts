import { createHmac } from 'node:crypto';
import { type MessageCode, translateMessage } from '@tasreeh/shared';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';
import { writeAudit } from './audit.ts';
import type { Ctx } from './context.ts';
import { triggerRefusalOf } from './database-refusals.ts';
import type { StoredFile } from './file-store.ts';
import type { JobName, JobOptions } from './jobs/queue.ts';
import type { ReceivedFile } from './multipart.ts';
import type { Authorization } from './policy.ts';
import { constraintOf, isUniqueViolation } from './unique-violation.ts';

/** What a command's steps are given: the caller's context, with `db` being the command's transaction. */
export interface CommandCtx extends Ctx {
  /** Puts a received file in the store for this change; it leaves the store again if the change does not commit. */
  saveFile(file: ReceivedFile): Promise<StoredFile>;
  /** Work to do once the change has committed (removing a replaced file's bytes…); a failure there is logged. */
  afterCommit(work: () => Promise<void>): void;
  /** Queues a job in this change's transaction: it exists if and only if the change commits. */
  enqueue<Data extends object>(job: JobName<Data>, data: Data, options?: JobOptions): Promise<void>;
}

/** What the audit row of a change says, when the defaults (result or input id, `before`, the input) do not fit. */
export interface AuditRecord {
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * One change of state, declared: the runner owns the transaction, the `Idempotency-Key`, the
 * audit row, duplicate and conflict answers, and stored files. A command says only what changes.
 */
export interface CommandSpec<Input, Before, Result extends object> {
  /** The audit action and log name, `<entity>.<verb>` (`branch.update`). */
  name: string;
  /** The table the audit row is about. */
  entity: string;
  /** `required`: money and exam writes refuse to run without an `Idempotency-Key`. */
  idempotency?: 'optional' | 'required';
  /**
   * Reads, and locks `FOR UPDATE` where the change depends on it, what the change starts from;
   * throws (404, 403…) to refuse. Its value is the audit row's `before`.
   */
  load?: (ctx: CommandCtx, input: Input) => Promise<Before>;
  /**
   * Who may make this change, asked of the area's policy (`policy.authorize('update')`) once
   * `load` has read the row: it throws the refusal. Required: a command without it does not compile.
   */
  authorize: Authorization<Input, Before>;
  /** The rule itself: checks and writes, all through `ctx.db` (the transaction). */
  run: (ctx: CommandCtx, input: Input, before: Before) => Promise<Result>;
  /** The audit row's id, before and after (default: the result's or input's `id`, `before`, the input); `null` writes none. */
  audit?: (change: { input: Input; before: Before; result: Result }) => AuditRecord | null;
  /**
   * The answer to a unique violation, by the index that refused (two identical submits at once):
   * default 409 "Records already registered with this information.".
   */
  duplicate?: (constraint: string | undefined, input: Input) => AppError;
  /** The success message added to the result, in the caller's language. */
  message?: MessageCode;
}

type CommandResult<Result> = Result & { message?: string };

/** A declared command's name and the policy that authorizes it (the route-table test reads them). */
export interface DeclaredCommand {
  name: string;
  policy: string;
  action: string;
}

const declaredCommands: DeclaredCommand[] = [];

/** Every command declared so far, in declaration order. */
export function commandsDeclared(): readonly DeclaredCommand[] {
  return declaredCommands;
}
/** A declared command, ready to run with the caller's context and its input. */
export type RunCommand<Input, Result> = (ctx: Ctx, input: Input) => Promise<Result>;

/** A key of 1–200 visible ASCII characters, as clients send (a UUID is typical). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** PostgreSQL's "could not serialize" and "deadlock detected": a race lost, not a fault. */
const CONFLICT_CODES = new Set(['40001', '40P01']);

function databaseCodeOf(error: unknown): string | undefined {
  const cause = error instanceof Error ? error.cause : undefined;
  for (const candidate of [error, cause]) {
    if (typeof candidate === 'object' && candidate !== null && 'code' in candidate) {
      return String(candidate.code);
    }
  }
  return undefined;
}

/**
 * A stable hash of a request: the command and its input, keys sorted, file bytes by content.
 * Keyed (HMAC), because an input may hold a password: a plain hash could be tested against guesses.
 */
export function hashRequest(key: Uint8Array, name: string, input: unknown): string {
  const hash = createHmac('sha256', key);
  const feed = (value: unknown): void => {
    if (value instanceof Uint8Array) {
      hash.update(`bytes:${value.length}:`);
      hash.update(value);
    } else if (Array.isArray(value)) {
      hash.update('[');
      for (const item of value) {
        feed(item);
        hash.update(',');
      }
      hash.update(']');
    } else if (value instanceof Date) {
      hash.update(`date:${value.toISOString()}`);
    } else if (typeof value === 'object' && value !== null) {
      hash.update('{');
      for (const key of Object.keys(value).sort()) {
        hash.update(JSON.stringify(key));
        hash.update(':');
        feed((value as Record<string, unknown>)[key]);
        hash.update(',');
      }
      hash.update('}');
    } else {
      hash.update(value === undefined ? 'undefined' : JSON.stringify(value));
    }
  };
  feed([name, input]);
  return hash.digest('hex');
}

function idempotencyKeyOf(ctx: Ctx, required: boolean): string | undefined {
  const key = ctx.idempotencyKey;
  if (key === undefined) {
    if (required) throw new AppError('IDEMPOTENCY_KEY_REQUIRED', { status: 400 });
    return undefined;
  }
  if (!IDEMPOTENCY_KEY.test(key)) throw new AppError('IDEMPOTENCY_KEY_INVALID', { status: 400 });
  return key;
}

/** Whose keys these are: a caller's own, or an anonymous caller's per address. */
function keyScopeOf(ctx: Ctx): string {
  return ctx.actor ? `user:${ctx.actor.userId}` : `anonymous:${ctx.ip}`;
}

/**
 * Claims the key for this request inside the transaction. A parallel request with the same key
 * waits here until the first commits or rolls back; then it gets the first answer (a replay).
 */
async function claimKey(tx: Db, scope: string, key: string, requestHash: string) {
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ scope, key, requestHash })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  if (claimed) return { claimedId: claimed.id };
  const [stored] = await tx
    .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  if (!stored || stored.requestHash !== requestHash) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', { status: 422 });
  }
  return { replay: stored.response };
}

function defaultEntityId(input: unknown, result: object): string | number | null {
  for (const source of [result, input]) {
    if (typeof source === 'object' && source !== null && 'id' in source) {
      const id = source.id;
      if (typeof id === 'string' || typeof id === 'number') return id;
    }
  }
  return null;
}

/**
 * Declares a change of state. The returned function runs it: one transaction; the
 * `Idempotency-Key` claimed first (a replay returns the first answer, the same key with another
 * request is 422); `load`, `authorize` then `run`; the audit row; the success message. A unique violation
 * becomes `duplicate`'s answer (409), a lost serialization race a 409 to try again; files saved
 * through `ctx.saveFile` leave the store again when the change does not commit.
 */
export function command<Input, Before = undefined, Result extends object = Record<string, never>>(
  spec: CommandSpec<Input, Before, Result> & { message: MessageCode },
): RunCommand<Input, Result & { message: string }>;
export function command<Input, Before = undefined, Result extends object = Record<string, never>>(
  spec: CommandSpec<Input, Before, Result>,
): RunCommand<Input, Result>;
export function command<Input, Before, Result extends object>(
  spec: CommandSpec<Input, Before, Result>,
): RunCommand<Input, CommandResult<Result>> {
  declaredCommands.push({ name: spec.name, policy: spec.authorize.policy, action: spec.authorize.action });
  return async (ctx, input) => {
    const key = idempotencyKeyOf(ctx, spec.idempotency === 'required');
    const saved: StoredFile[] = [];
    const afterCommit: (() => Promise<void>)[] = [];
    let outcome: CommandResult<Result>;
    try {
      outcome = await ctx.db.transaction(async (tx) => {
        const claim = key
          ? await claimKey(tx, keyScopeOf(ctx), key, hashRequest(ctx.requestHashKey, spec.name, input))
          : undefined;
        // The stored response is the very object this function returned the first time.
        if (claim && 'replay' in claim) return claim.replay as CommandResult<Result>;
        const commandCtx: CommandCtx = {
          ...ctx,
          db: tx,
          async saveFile(file) {
            const stored = await ctx.files.save(file.bytes, file.mimeType);
            saved.push(stored);
            return stored;
          },
          afterCommit: (work) => afterCommit.push(work),
          enqueue: (job, data, options) => ctx.jobs.send(tx, job, data, options),
        };
        // A command without `load` starts from nothing: its `Before` is undefined by declaration.
        const before = spec.load ? await spec.load(commandCtx, input) : (undefined as Before);
        await spec.authorize.check(commandCtx, input, before);
        const result = await spec.run(commandCtx, input, before);
        const audit = spec.audit ? spec.audit({ input, before, result }) : {};
        if (audit) {
          await writeAudit(tx, {
            actorUserId: ctx.actor?.userId ?? null,
            action: spec.name,
            entity: spec.entity,
            entityId: audit.entityId === undefined ? defaultEntityId(input, result) : audit.entityId,
            before: audit.before === undefined ? before : audit.before,
            after: audit.after === undefined ? input : audit.after,
            ip: ctx.ip,
          });
        }
        const response: CommandResult<Result> = spec.message
          ? { ...result, message: translateMessage(spec.message, ctx.lang) }
          : result;
        if (claim) {
          await tx.update(idempotencyKeys).set({ response }).where(eq(idempotencyKeys.id, claim.claimedId));
        }
        return response;
      });
    } catch (error) {
      await Promise.all(saved.map((file) => ctx.files.remove(file.storageKey)));
      if (isUniqueViolation(error)) {
        throw (
          spec.duplicate?.(constraintOf(error), input) ??
          new AppError('RECORDS_ALREADY_REGISTERED', { status: 409 })
        );
      }
      const refusal = triggerRefusalOf(error);
      if (refusal) throw refusal;
      if (CONFLICT_CODES.has(databaseCodeOf(error) ?? '')) {
        throw new AppError('WRITE_CONFLICT', { status: 409 });
      }
      throw error;
    }
    for (const work of afterCommit) {
      await work().catch((error: unknown) =>
        ctx.log.error({ err: error, command: spec.name }, 'after-commit work failed'),
      );
    }
    return outcome;
  };
}

/** Forgets answers older than a day: a retry comes within minutes, not days. */
export async function pruneIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - 86_400_000)));
}
