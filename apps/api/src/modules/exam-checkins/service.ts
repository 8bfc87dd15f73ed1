import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type CheckinFingerprintInput,
  type CheckinIdNumberInput,
  type CheckinPhase,
  type CheckinPhotoKind,
  type CheckinPolicy,
  type CheckinView,
  isCheckinComplete,
  requiredCheckinPhotos,
  translateMessage,
} from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import { examCheckins, sensitiveAccessLog } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type CommandCtx, command } from '../../lib/command.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import type { ReceivedFile } from '../../lib/multipart.ts';
import { countHit, peekCount } from '../../lib/rate-limit.ts';
import { changeStoredFile, FileKind } from '../files/index.ts';
import type { FingerprintEngine } from '../fingerprints/index.ts';
import { deletePhotosLater } from './jobs.ts';
import { examCheckinsPolicy, photoReaderOf } from './policy.ts';
import {
  checkinStateOf,
  findCheckinPhoto,
  findSitting,
  hasCheckinPhotos,
  linkCheckinPhoto,
  lockCheckinRow,
  type Sitting,
  templateOf,
} from './repo.ts';
import { dropCheckinFileRecord, isPastRetention } from './retention.ts';

/**
 * The check-in window: it opens 60 minutes before the session starts (time to type the ID
 * number, take the photos and find the reader) and closes when the session ends. Outside it,
 * every write is refused: 409 EXAM_NOT_STARTED before, 409 EXAM_FINISHED after.
 */
export const CHECKIN_OPENS_BEFORE_MINUTES = 60;
/** Wrong ID numbers (or fingerprints) a booking may try before it is locked out for a while. */
export const CHECKIN_TRIES = 5;
export const CHECKIN_LOCK_SECONDS = 15 * 60;

export const CHECKIN_PHOTO_RULE = {
  required: true,
  maxMegabytes: 5,
  types: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

function opensAtOf(sitting: Sitting): Date {
  return new Date(sitting.startsAt.getTime() - CHECKIN_OPENS_BEFORE_MINUTES * 60_000);
}

function phaseOf(sitting: Sitting, now = Date.now()): CheckinPhase {
  if (now < opensAtOf(sitting).getTime()) return 'not-started';
  if (now >= sitting.endsAt.getTime()) return 'finished';
  return 'open';
}

/**
 * The caller's own exam booking (the policy's `checkIn`: a student's Booked seat in an exam session
 * that was not cancelled). Anything else — another student's booking, a training, a seat not paid — is 404.
 */
async function ownSitting(ctx: Ctx, bookingId: number, lock = false): Promise<Sitting> {
  const sitting = await findSitting(ctx.db, bookingId, lock);
  if (!sitting || !examCheckinsPolicy.may(ctx.actor, 'checkIn', sitting)) throw notFound();
  return sitting;
}

/** The route guard of the check-in steps: anything but the caller's own exam seat is 404 (ownSitting), before the form is read. */
export async function assertOwnSitting(ctx: Ctx, { bookingId }: { bookingId: number }): Promise<void> {
  await ownSitting(ctx, bookingId);
}

function requireOpen(sitting: Sitting): void {
  const phase = phaseOf(sitting);
  if (phase === 'not-started') throw new AppError('EXAM_NOT_STARTED', { status: 409 });
  if (phase === 'finished') throw new AppError('EXAM_FINISHED', { status: 409 });
}

/** The candidate's check-in: what is done, what is needed, and whether the window is open. */
export async function getCheckin(ctx: Ctx, policy: CheckinPolicy, bookingId: number): Promise<CheckinView> {
  const sitting = await ownSitting(ctx, bookingId);
  const { state, finger } = await checkinStateOf(ctx.db, sitting);
  const phase = phaseOf(sitting);
  return {
    bookingId,
    ...state,
    photos: [...state.photos],
    requiredPhotos: [...requiredCheckinPhotos(state.remote, policy)],
    finger,
    complete: isCheckinComplete(state, policy),
    phase,
    opensAt: opensAtOf(sitting).toISOString(),
    startsAt: sitting.startsAt.toISOString(),
    endsAt: sitting.endsAt.toISOString(),
    courseNameEn: sitting.courseNameEn,
    courseNameAr: sitting.courseNameAr,
    message:
      phase === 'not-started'
        ? translateMessage('EXAM_NOT_STARTED', ctx.lang)
        : phase === 'finished'
          ? translateMessage('EXAM_FINISHED', ctx.lang)
          : null,
  };
}

/** Compares two ID numbers without telling, by its time, how much of them agreed. */
function sameIdNumber(typed: string, recorded: string | null): boolean {
  if (!recorded) return false;
  const digest = (value: string) => createHash('sha256').update(value.trim().toUpperCase()).digest();
  return timingSafeEqual(digest(typed), digest(recorded));
}

function locked(): AppError {
  return new AppError('TOO_MANY_REQUESTS', {
    status: 429,
    headers: { 'retry-after': String(CHECKIN_LOCK_SECONDS) },
  });
}

/**
 * Counts a wrong try of a booking (kept whatever the request's transaction does) and answers
 * with the mismatch, or with 429 once the tries are used up.
 */
async function wrongTry(ctx: Ctx, key: string, mismatch: AppError): Promise<never> {
  const count = await countHit(ctx.db, key, CHECKIN_LOCK_SECONDS);
  throw count > CHECKIN_TRIES ? locked() : mismatch;
}

async function refuseWhileLocked(ctx: Ctx, key: string): Promise<void> {
  if ((await peekCount(ctx.db, key, CHECKIN_LOCK_SECONDS)) >= CHECKIN_TRIES) throw locked();
}

const markIdNumberChecked = command({
  name: 'exam_checkin.id_number',
  entity: 'exam_checkins',
  load: (ctx, { bookingId }: { bookingId: number }) => ownSitting(ctx, bookingId),
  authorize: examCheckinsPolicy.authorize('checkIn'),
  run: async (ctx, { bookingId }) => {
    await lockCheckinRow(ctx.db, bookingId);
    await ctx.db
      .update(examCheckins)
      .set({ idNumberCheckedAt: new Date(), updatedAt: new Date() })
      .where(eq(examCheckins.bookingId, bookingId));
    return { bookingId };
  },
  // The ID number itself is not written anywhere: only that it was checked.
  audit: ({ input }) => ({ entityId: input.bookingId, before: null, after: { idNumberChecked: true } }),
  message: 'CHECKIN_ID_NUMBER_CHECKED',
});

/**
 * Step 1: the ID or Iqama number typed must be the booking student's. Five wrong tries lock the
 * booking's check-in for 15 minutes (429), counted in the shared rate-limit table.
 */
export async function checkIdNumber(ctx: Ctx, bookingId: number, input: CheckinIdNumberInput) {
  const sitting = await ownSitting(ctx, bookingId);
  requireOpen(sitting);
  const key = `checkin-id:${bookingId}`;
  await refuseWhileLocked(ctx, key);
  if (!sameIdNumber(input.idNumber, sitting.idNumber)) {
    await wrongTry(ctx, key, new AppError('CHECKIN_ID_NUMBER_MISMATCH', { status: 422 }));
  }
  return markIdNumberChecked(ctx, { bookingId });
}

/** What a photo's upload starts from: the caller's own sitting (404), open (409), locked. */
async function lockPhotoSlot(
  ctx: CommandCtx,
  input: { bookingId: number; kind: CheckinPhotoKind; file: ReceivedFile; retentionDays: number },
) {
  // Locked, so that two uploads of one kind at once each replace the one before.
  const sitting = await ownSitting(ctx, input.bookingId, true);
  requireOpen(sitting);
  await lockCheckinRow(ctx.db, input.bookingId);
  const previous = await findCheckinPhoto(ctx.db, input.bookingId, input.kind);
  const first = !(await hasCheckinPhotos(ctx.db, input.bookingId));
  return { sitting, studentUserId: sitting.studentUserId, previous, first };
}
type PhotoSlot = Awaited<ReturnType<typeof lockPhotoSlot>>;

const savePhoto = command({
  name: 'exam_checkin.photo',
  entity: 'exam_checkin_photos',
  load: lockPhotoSlot,
  authorize: examCheckinsPolicy.authorize('checkIn', (before: PhotoSlot) => before.sitting),
  run: async (ctx, { bookingId, kind, file, retentionDays }, before) => {
    // The sitting's first photo queues their deletion at its retention date (the row is locked: once).
    if (before.first) await deletePhotosLater(ctx, bookingId, retentionDays);
    const change = await changeStoredFile(ctx, {
      file,
      kind: FileKind.checkin(kind),
      ownerUserId: before.studentUserId,
      // The previous photo is dropped here: a staff reading in the log keeps its record.
      previousId: null,
      link: (tx, fileId) => linkCheckinPhoto(tx, bookingId, kind, fileId),
    });
    const previous = before.previous;
    if (previous) {
      await dropCheckinFileRecord(ctx.db, previous.fileId);
      ctx.afterCommit(() => ctx.files.remove(previous.storageKey));
    }
    return {
      bookingId,
      kind,
      fileId: change.after.fileId,
      change: { ...change, before: { fileId: previous?.fileId ?? null } },
    };
  },
  // Ids, type and size: never the bytes.
  audit: ({ input, result }) => ({
    entityId: input.bookingId,
    before: result.change.before,
    after: { kind: input.kind, ...result.change.after },
  }),
  message: 'CHECKIN_PHOTO_SAVED',
});

/**
 * Steps 2 and 3: a photo of the kinds the sitting needs (the live one; for Remote also the room
 * from four sides, and the ID where the centre keeps ID copies), replacing an earlier one of the
 * kind. `readFile` reads the upload only once the booking and the kind have been checked. An ID
 * photo the centre does not keep is refused with its own message, before any byte is read.
 */
export async function putCheckinPhoto(
  ctx: Ctx,
  policy: CheckinPolicy & { photoRetentionDays: number },
  bookingId: number,
  kind: CheckinPhotoKind,
  readFile: () => Promise<ReceivedFile>,
) {
  const sitting = await ownSitting(ctx, bookingId);
  requireOpen(sitting);
  const remote = sitting.delivery === 'remote';
  if (!requiredCheckinPhotos(remote, policy).includes(kind)) {
    if (kind === 'id' && remote) throw new AppError('CHECKIN_ID_PHOTO_NOT_KEPT', { status: 400 });
    throw new AppError('CHECKIN_PHOTO_NOT_NEEDED', { status: 400 });
  }
  const file = await readFile();
  const { change: _change, ...result } = await savePhoto(ctx, {
    bookingId,
    kind,
    file,
    retentionDays: policy.photoRetentionDays,
  });
  return result;
}

const markFingerprintChecked = command({
  name: 'exam_checkin.fingerprint',
  entity: 'exam_checkins',
  load: (ctx, { bookingId }: { bookingId: number; score: number }) => ownSitting(ctx, bookingId),
  authorize: examCheckinsPolicy.authorize('checkIn'),
  run: async (ctx, { bookingId }) => {
    await lockCheckinRow(ctx.db, bookingId);
    await ctx.db
      .update(examCheckins)
      .set({ fingerprintCheckedAt: new Date(), updatedAt: new Date() })
      .where(eq(examCheckins.bookingId, bookingId));
    return { bookingId };
  },
  audit: ({ input }) => ({
    entityId: input.bookingId,
    before: null,
    after: { fingerprintChecked: true, score: input.score },
  }),
  message: 'CHECKIN_FINGERPRINT_CHECKED',
});

/**
 * Step 4, where a fingerprint is enrolled: the sample from the reader is matched against the
 * enrolled template by the fingerprint engine on the server (never the browser's say-so). Each
 * use of the template is logged; five mismatches lock the step for 15 minutes like the ID number.
 */
export async function checkFingerprint(
  ctx: Ctx,
  engine: FingerprintEngine,
  bookingId: number,
  input: CheckinFingerprintInput,
) {
  const sitting = await ownSitting(ctx, bookingId);
  requireOpen(sitting);
  const enrolled = await templateOf(ctx.db, sitting.studentId);
  if (!enrolled) throw new AppError('CHECKIN_NO_FINGERPRINT', { status: 409 });
  const key = `checkin-fingerprint:${bookingId}`;
  await refuseWhileLocked(ctx, key);
  await ctx.db.insert(sensitiveAccessLog).values({
    userId: actorOf(ctx).userId,
    studentId: sitting.studentId,
    subject: 'fingerprint',
    purpose: `exam check-in match, booking ${bookingId}`,
  });
  const { matched, score } = await engine.match(enrolled.template, input.sample);
  if (!matched) {
    await wrongTry(ctx, key, new AppError('CHECKIN_FINGERPRINT_MISMATCH', { status: 422 }));
  }
  return markFingerprintChecked(ctx, { bookingId, score });
}

/**
 * A check-in photo for a caller allowed to see it; every reading by staff is logged first. Once
 * the sitting is past keeping its photos (retention.ts), a missing photo is 410
 * CHECKIN_PHOTO_PURGED: deleted on purpose, not lost.
 */
export async function readCheckinPhoto(
  ctx: Ctx,
  retentionDays: number,
  bookingId: number,
  kind: CheckinPhotoKind,
) {
  const actor = actorOf(ctx);
  const sitting = await findSitting(ctx.db, bookingId);
  if (!sitting || !examCheckinsPolicy.may(actor, 'readPhoto', sitting)) throw notFound();
  // Staff readings are logged; the candidate's own are not.
  const reader = photoReaderOf(actor, sitting);
  const photo = await findCheckinPhoto(ctx.db, bookingId, kind);
  if (!photo) {
    if (await isPastRetention(ctx.db, bookingId, retentionDays)) {
      throw new AppError('CHECKIN_PHOTO_PURGED', { status: 410 });
    }
    throw notFound();
  }
  if (reader === 'staff') {
    await ctx.db.insert(sensitiveAccessLog).values({
      userId: actor.userId,
      studentId: sitting.studentId,
      subject: 'photo',
      fileId: photo.fileId,
      purpose: `exam check-in ${kind} photo, booking ${bookingId}`,
    });
  }
  return { bytes: await ctx.files.read(photo.storageKey), mimeType: photo.mimeType };
}
