/**
 * The door of `auth`: what the other modules, the route list, the job registry, the seed and
 * the benchmarks may use of it. Nothing outside the folder imports its files directly
 * (`npm run lint`, scripts/module-doors.mjs).
 */
export { loadActor, privilegesFromStored } from './actor.ts';
export { type ChallengeSettings, challengeSettings, spendSolution } from './challenge.ts';
export { codeRoutes } from './codes/routes.ts';
export { CODE_TIMING, codeMatches, generateCode, hashCode } from './codes/secrets.ts';
export { consumePhoneProof } from './codes/service.ts';
export { generatePassword, hashPassword } from './password-hash.ts';
export { revokeUserSessions } from './repo.ts';
export { authRoutes } from './routes.ts';
export { secretKey } from './tokens.ts';
