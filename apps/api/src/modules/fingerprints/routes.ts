import { FingerprintEnrolInput, FingerprintStatus, IdSchema, MessageResponse } from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { rowGuard } from '../../plugins/access.ts';
import { fingerprintEngine } from './engine.ts';
import { fingerprintsPolicy } from './policy.ts';
import { assertStudentInScope, enrolFingerprint, getFingerprint, removeFingerprint } from './service.ts';

const Params = z.strictObject({ id: IdSchema });
/**
 * Fingerprint enrolment (students/biometricdata): staff with read on students (read_3) see what
 * is enrolled, staff with edit on students (edit_3) enrol or remove; both only for students in
 * their branch (lib/scope.ts). The template never leaves the API.
 */
export const fingerprintRoutes: FastifyPluginAsyncZod = async (app) => {
  const engine = fingerprintEngine(app.deps.config);

  app.get('/students/:id/fingerprint', {
    schema: {
      tags: ['fingerprints'],
      description:
        'Whether a fingerprint is enrolled for the student: the finger, when and by whom (never the template).',
      params: Params,
      response: { 200: FingerprintStatus },
    },
    config: fingerprintsPolicy.route('read'),
    handler: (request) => getFingerprint(ctxOf(request), request.params.id),
  });

  app.put('/students/:id/fingerprint', {
    schema: {
      tags: ['fingerprints'],
      description:
        'Enrols the chosen finger from four captures of the reader (the template is built by the matching service), replacing any earlier enrolment. 422 FINGERPRINT_CAPTURES_DIFFER when the captures are not of one finger. An `Idempotency-Key` is honoured.',
      params: Params,
      body: FingerprintEnrolInput,
      response: { 200: z.object({ studentId: z.number(), finger: z.string(), message: z.string() }) },
    },
    config: { ...fingerprintsPolicy.route('change'), guard: rowGuard(Params, assertStudentInScope) },
    handler: (request) => enrolFingerprint(ctxOf(request), engine, request.params.id, request.body),
  });

  app.delete('/students/:id/fingerprint', {
    schema: {
      tags: ['fingerprints'],
      description: 'Removes the enrolled fingerprint (404 when none).',
      params: Params,
      response: { 200: MessageResponse.extend({ studentId: z.number() }) },
    },
    config: fingerprintsPolicy.route('change'),
    handler: (request) => removeFingerprint(ctxOf(request), { studentId: request.params.id }),
  });
};
