import { availableParallelism } from 'node:os';
import {
  ChallengeResponse,
  ChangePasswordBody,
  ChangePasswordResponse,
  CheckUserExistsBody,
  CheckUserExistsResponse,
  LoginBody,
  LoginResponse,
  MessageResponse,
  TestTokenBody,
  TestTokenResponse,
  UpdatePasswordBody,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitConcurrency } from '../../lib/concurrency.ts';
import { ctxOf } from '../../lib/context.ts';
import { challengeSettings, issueChallenge } from './challenge.ts';
import { authPolicy } from './policy.ts';
import * as auth from './service.ts';

/** Spec §7 account calls: paths, bodies and response fields exactly as the spec names them. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const challenges = challengeSettings(config.jwtSecret, config.challengeMaxNumber);
  const settings = { tokenKey: app.deps.tokenKey, sessionHours: config.sessionHours, challenges };
  // A login's password hash takes a core for ~10 ms: as many logins at once as there are
  // cores, the rest waiting in line here rather than with their queries in the database's
  // queue, where every other request (a health check…) would wait behind them.
  const oneLoginPerCore = limitConcurrency(availableParallelism());

  app.get('/auth/challenge', {
    schema: { tags: ['auth'], response: { 200: ChallengeResponse } },
    config: authPolicy.route('public'),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return issueChallenge(challenges);
    },
  });

  app.post('/auth/login', {
    schema: { tags: ['auth'], body: LoginBody, response: { 200: LoginResponse } },
    config: authPolicy.route('public'),
    handler: (request) =>
      oneLoginPerCore(() =>
        auth.login(ctxOf(request), settings, { ...request.body, userAgent: request.headers['user-agent'] }),
      ),
  });

  app.post('/auth/test-token', {
    schema: { tags: ['auth'], body: TestTokenBody, response: { 200: TestTokenResponse } },
    config: { ...authPolicy.route('session'), allowBeforePasswordChange: true },
    handler: (request) =>
      auth.describeSession(ctxOf(request), { ...request.body, bearerToken: request.bearerToken }),
  });

  app.post('/auth/logout', {
    schema: { tags: ['auth'], response: { 200: MessageResponse } },
    config: { ...authPolicy.route('session'), allowBeforePasswordChange: true },
    handler: (request) => auth.logout(ctxOf(request)),
  });

  app.post('/auth/reset-password', {
    schema: { tags: ['auth'], body: ChangePasswordBody, response: { 200: ChangePasswordResponse } },
    config: { ...authPolicy.route('session'), allowBeforePasswordChange: true },
    handler: (request) => auth.changePassword(ctxOf(request), request.body),
  });

  app.post('/check-user-exists', {
    schema: { tags: ['auth'], body: CheckUserExistsBody, response: { 200: CheckUserExistsResponse } },
    config: authPolicy.route('public'),
    handler: (request) => auth.checkUserExists(ctxOf(request), request.body.email),
  });

  app.post('/users/update-password', {
    schema: { tags: ['auth'], body: UpdatePasswordBody, response: { 200: MessageResponse } },
    config: authPolicy.route('public'),
    handler: (request) => auth.updatePassword(ctxOf(request), request.body),
  });
};
