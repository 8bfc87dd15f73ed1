import { CreateOtpBody, CreateOtpResponse, VerifyOtpBody, VerifyOtpResponse } from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../lib/context.ts';
import { challengeSettings } from '../challenge.ts';
import { authPolicy } from '../policy.ts';
import * as codes from './service.ts';

/** Spec §7 one-time-code calls. */
export const codeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, codeKey } = app.deps;
  const keys = {
    pepper: codeKey,
    challenges: challengeSettings(config.jwtSecret, config.challengeMaxNumber),
  };

  app.post('/users/create-otp', {
    schema: { tags: ['auth'], body: CreateOtpBody, response: { 200: CreateOtpResponse } },
    config: authPolicy.route('public'),
    handler: (request) => codes.createCode(ctxOf(request), keys, request.body),
  });

  app.post('/users/verify-otp', {
    schema: { tags: ['auth'], body: VerifyOtpBody, response: { 200: VerifyOtpResponse } },
    config: authPolicy.route('public'),
    handler: (request) => codes.verifyCode(ctxOf(request), app.deps.codeKey, request.body),
  });
};
