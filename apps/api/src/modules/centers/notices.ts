import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../lib/jobs/queue.ts';
import { enqueueMessage } from '../../lib/outbox/outbox.ts';

/**
 * What a centre is told. The centre's language is not known, so each notice carries Arabic
 * first and English after it.
 */
const NOTICES = {
  created: {
    subject: 'تصريح: حساب المركز جاهز | Tasreeh: your centre account is ready',
    ar: 'تصريح: حساب مركزكم جاهز. سجّلوا الدخول بالبريد الإلكتروني {email} وكلمة المرور {password}، وغيّروها بعد الدخول.',
    en: 'Tasreeh: your centre account is ready. Log in with the e-mail {email} and the password {password}; please change it after logging in.',
  },
  approved: {
    subject: 'تصريح: تمت الموافقة على التسجيل | Tasreeh: registration approved',
    ar: 'تصريح: تمت الموافقة على تسجيل مركزكم. يمكنكم الآن تسجيل الدخول بالبريد الإلكتروني {email}.',
    en: 'Tasreeh: your centre registration has been approved. You can now log in with the e-mail {email}.',
  },
  rejected: {
    subject: 'تصريح: لم تتم الموافقة على التسجيل | Tasreeh: registration not approved',
    ar: 'تصريح: لم تتم الموافقة على تسجيل مركزكم. السبب: {reason}',
    en: 'Tasreeh: your centre registration was not approved. Reason: {reason}',
  },
} as const;

export type CenterNotice = keyof typeof NOTICES;

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * Queues a notice to a centre, in the caller's transaction: by SMS, and by e-mail too unless it
 * carries a password (an e-mail box is a weaker place to keep one).
 */
export async function queueCenterNotice(
  ctx: { db: Db; jobs: JobQueue },
  notice: { kind: CenterNotice; email: string; mobile: string; password?: string; reason?: string },
): Promise<void> {
  const template = NOTICES[notice.kind];
  const values = { email: notice.email, password: notice.password ?? '', reason: notice.reason ?? '' };
  const body = `${fill(template.ar, values)}\n${fill(template.en, values)}`;
  await enqueueMessage(ctx, { channel: 'sms', recipient: notice.mobile, body });
  if (notice.password !== undefined) return;
  await enqueueMessage(ctx, { channel: 'email', recipient: notice.email, subject: template.subject, body });
}
