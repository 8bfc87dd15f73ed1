import {
  CheckinFingerprintInput,
  CheckinIdNumberInput,
  CheckinPhotoKindSchema,
  CheckinView,
  IdSchema,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { readMultipartForm, requireFile } from '../../lib/multipart.ts';
import { sendFile } from '../../lib/send-file.ts';
import { rowGuard } from '../../plugins/access.ts';
import { fingerprintEngine } from '../fingerprints/index.ts';
import { examCheckinsPolicy } from './policy.ts';
import * as checkins from './service.ts';

const Params = z.strictObject({ bookingId: IdSchema });
const PhotoParams = z.strictObject({ bookingId: IdSchema, kind: CheckinPhotoKindSchema });
const Done = z.object({ bookingId: z.number(), message: z.string() });
const WINDOW =
  'From 60 minutes before the session starts until it ends; before, 409 EXAM_NOT_STARTED, after, 409 EXAM_FINISHED. Only the candidate of a Booked exam seat (anyone else: 404). An `Idempotency-Key` is honoured, not required.';

/** Check-in before an exam (exam/check-out): the ID number, the photos, the fingerprint. */
export const examCheckinRoutes: FastifyPluginAsyncZod = async (app) => {
  const engine = fingerprintEngine(app.deps.config);
  const settings = app.deps.config.checkin;

  app.get('/exam-checkins/:bookingId', {
    schema: {
      tags: ['exam-checkins'],
      description:
        'The candidate’s check-in: what is done and needed (`requiredPhotos`, by the centre’s CHECKIN_KEEP_ID_PHOTO setting), `complete` (may start), and the window (`phase`, `opensAt`…, with the §8 message outside it).',
      params: Params,
      response: { 200: CheckinView },
    },
    config: examCheckinsPolicy.route('candidate'),
    handler: (request) => checkins.getCheckin(ctxOf(request), settings, request.params.bookingId),
  });

  app.post('/exam-checkins/:bookingId/id-number', {
    schema: {
      tags: ['exam-checkins'],
      description: `The ID or Iqama number typed (Arabic-Indic digits accepted) must be the booking student’s: else 422 CHECKIN_ID_NUMBER_MISMATCH; after 5 wrong tries, 429 for 15 minutes. ${WINDOW}`,
      params: Params,
      body: CheckinIdNumberInput,
      response: { 200: Done },
    },
    config: { ...examCheckinsPolicy.route('candidate'), guard: rowGuard(Params, checkins.assertOwnSitting) },
    handler: (request) => checkins.checkIdNumber(ctxOf(request), request.params.bookingId, request.body),
  });

  app.put('/exam-checkins/:bookingId/photos/:kind', {
    schema: {
      tags: ['exam-checkins'],
      description: `multipart/form-data with one file field \`file\` (JPEG/PNG/WEBP by its bytes, ≤ 5 MB): the live photo, and for a Remote sitting also the room (\`room-front\`, \`room-back\`, \`room-left\`, \`room-right\`) and, only where the centre keeps ID copies (CHECKIN_KEEP_ID_PHOTO), \`id\`; an ID photo the centre does not keep is 400 CHECKIN_ID_PHOTO_NOT_KEPT, any other kind the sitting does not need 400 CHECKIN_PHOTO_NOT_NEEDED. Replaces an earlier photo of the kind. ${WINDOW}`,
      params: PhotoParams,
      response: { 200: Done.extend({ kind: CheckinPhotoKindSchema, fileId: z.string() }) },
    },
    config: {
      ...examCheckinsPolicy.route('candidate'),
      guard: rowGuard(PhotoParams, checkins.assertOwnSitting),
    },
    handler: (request) =>
      checkins.putCheckinPhoto(
        ctxOf(request),
        settings,
        request.params.bookingId,
        request.params.kind,
        async () => {
          const form = await readMultipartForm(request, { file: checkins.CHECKIN_PHOTO_RULE });
          return requireFile(form.files.file, 'file');
        },
      ),
  });

  app.get('/exam-checkins/:bookingId/photos/:kind', {
    schema: {
      tags: ['exam-checkins'],
      description:
        'A check-in photo, for the candidate, the session’s examiner, or staff with read on students (read_3) of the session’s or the student’s branch. Every reading by staff writes a sensitive_access_log row. Anyone else: 404. A photo deleted after its retention (CHECKIN_PHOTO_RETENTION_DAYS after the result): 410 CHECKIN_PHOTO_PURGED.',
      params: PhotoParams,
    },
    config: examCheckinsPolicy.route('photoReaders'),
    handler: async (request, reply) =>
      sendFile(
        reply,
        await checkins.readCheckinPhoto(
          ctxOf(request),
          settings.photoRetentionDays,
          request.params.bookingId,
          request.params.kind,
        ),
        'private, no-store',
      ),
  });

  app.post('/exam-checkins/:bookingId/fingerprint', {
    schema: {
      tags: ['exam-checkins'],
      description: `A sample from the reader, matched on the server against the enrolled template (409 CHECKIN_NO_FINGERPRINT when none is enrolled; 422 CHECKIN_FINGERPRINT_MISMATCH; 429 after 5 mismatches). Each match is logged as a use of the fingerprint. ${WINDOW}`,
      params: Params,
      body: CheckinFingerprintInput,
      response: { 200: Done },
    },
    config: { ...examCheckinsPolicy.route('candidate'), guard: rowGuard(Params, checkins.assertOwnSitting) },
    handler: (request) =>
      checkins.checkFingerprint(ctxOf(request), engine, request.params.bookingId, request.body),
  });
};
