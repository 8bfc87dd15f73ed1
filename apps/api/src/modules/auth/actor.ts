import { allPrivileges, type Language, type Privilege } from '@tasreeh/shared';
import type { Db } from '../../db/client.ts';
import type { StoredPrivileges } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/context.ts';
import { findLiveSessionUser, type LoginUser } from './repo.ts';
import { readAccessToken } from './tokens.ts';

/** A group's stored flags as the spec's privileges list; super admin holds everything. */
function privilegesOf(user: { type: string; groupPrivileges: StoredPrivileges | null }): Privilege[] {
  if (user.type === 'super admin') return allPrivileges();
  return Object.entries(user.groupPrivileges ?? {})
    .map(([id, flags]) => ({
      id: Number(id),
      read: Boolean(flags.read),
      create: Boolean(flags.create),
      edit: Boolean(flags.edit),
      delete: Boolean(flags.delete),
    }))
    .sort((a, b) => a.id - b.id);
}

export function actorFromUser(user: NonNullable<LoginUser>, sessionId: string, lang: Language): Actor {
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

/** The actor behind a bearer token, checked against its session row; undefined when not live. */
export async function loadActor(
  db: Db,
  key: Uint8Array,
  token: string,
  lang: Language,
): Promise<Actor | undefined> {
  const claims = await readAccessToken(key, token);
  if (!claims) return undefined;
  const user = await findLiveSessionUser(db, claims.sessionId, claims.userId);
  return user ? actorFromUser(user, claims.sessionId, lang) : undefined;
}
