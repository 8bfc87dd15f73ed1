import type { Language, Privilege, UserType } from '@tasreeh/shared';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { FileStore } from './file-store.ts';
import type { JobQueue } from './jobs/queue.ts';

/** Who is calling: read from the session row on every request. */
export interface Actor {
  userId: number;
  sessionId: string;
  type: UserType;
  name: string;
  privileges: Privilege[];
  branchId: number | null;
  studentId: number | null;
  corporateId: number | null;
  changePassword: boolean;
}

/** What every service function takes first. */
export interface Ctx {
  db: Db;
  actor: Actor | undefined;
  log: FastifyBaseLogger;
  lang: Language;
  ip: string;
  /** The request's `Idempotency-Key` header, as sent; the command runner checks and honours it. */
  idempotencyKey: string | undefined;
  files: FileStore;
  /** The job runner's queue; a command queues through `ctx.enqueue`, in its transaction. */
  jobs: JobQueue;
  /** Keys the request hash the command runner stores with an Idempotency-Key. */
  requestHashKey: Uint8Array;
}

function headerValue(header: string | string[] | undefined): string | undefined {
  return Array.isArray(header) ? header.join(',') : header;
}

export function ctxOf(request: FastifyRequest): Ctx {
  return {
    db: request.server.deps.db,
    actor: request.actor,
    log: request.log,
    lang: request.lang,
    ip: request.ip,
    idempotencyKey: headerValue(request.headers['idempotency-key']),
    files: request.server.deps.files,
    jobs: request.server.deps.jobs,
    requestHashKey: request.server.deps.requestHashKey,
  };
}

/** The actor of a route that declares it needs one (the access plugin has already refused others). */
export function actorOf(ctx: Ctx): Actor {
  if (!ctx.actor) throw new Error('actorOf called on a route without a session');
  return ctx.actor;
}
