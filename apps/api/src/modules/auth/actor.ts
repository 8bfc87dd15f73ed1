import { allPrivileges, type Language, type Privilege } from '@tasreeh/shared';
import type { Db } from '../../db/client.ts';
import type { StoredPrivileges } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/context.ts';
import { findLiveSessionUser, touchSession } from './repo.ts';
import { readAccessToken } from './tokens.ts';

/** Stored flags as the spec's privileges list, by resource id. */
export function privilegesFromStored(stored: StoredPrivileges | null): Privilege[] {
  return Object.entries(stored ?? {})
    .map(([id, flags]) => ({
      id: Number(id),
      read: Boolean(flags.read),
      create: Boolean(flags.create),
      edit: Boolean(flags.edit),
      delete: Boolean(flags.delete),
    }))
    .sort((a, b) => a.id - b.id);
}

/** A user's privileges: super admin holds everything; anyone else what their group holds. */
function privilegesOf(user: { type: string; groupPrivileges: StoredPrivileges | null }): Privilege[] {
  return user.type === 'super admin' ? allPrivileges() : privilegesFromStored(user.groupPrivileges);
}

/** What an actor is made of: the user's row as login and the session check both read it. */
interface ActorUser {
  id: number;
  type: Actor['type'];
  nameEn: string;
  nameAr: string;
  groupPrivileges: StoredPrivileges | null;
  branchId: number | null;
  studentId: number | null;
  corporateId: number | null;
  changePassword: boolean;
}

export function actorFromUser(user: ActorUser, sessionId: string, lang: Language): Actor {
  return {
    userId: user.id,
    sessionId,
    type: user.type,
    name: lang === 'ar' ? user.nameAr : user.nameEn,
    privileges: privilegesOf(user),
    branchId: user.branchId,
    studentId: user.studentId,
    corporateId: user.corporateId,
    changePassword: user.changePassword,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The actor behind a bearer token, checked against its session row (revoked, past its half day, a
 * staff session idle for 30 minutes: undefined). The session is marked seen, at most once a minute.
 */
export async function loadActor(
  db: Db,
  key: Uint8Array,
  token: string,
  lang: Language,
): Promise<Actor | undefined> {
  const claims = readAccessToken(key, token);
  if (!claims || !UUID.test(claims.sessionId)) return undefined;
  const user = await findLiveSessionUser(db, claims.sessionId, claims.userId);
  if (!user) return undefined;
  if (user.isStale) await touchSession(db, claims.sessionId);
  return actorFromUser(user, claims.sessionId, lang);
}
