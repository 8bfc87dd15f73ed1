import {
  type CheckinPhotoKind,
  type CheckinPolicy,
  isCheckinComplete,
  type MyExam,
  type MyExamCountQuery,
  type MyExamListQuery,
} from '@tasreeh/shared';
import { actorOf, type Ctx } from '../../../lib/context.ts';
import { myExamScopeOf } from '../policy.ts';
import * as repo from './repo.ts';

/** A student sees its own exam bookings; a corporate those of its students (read-only). */
function scopeOf(ctx: Ctx): repo.MyExamScope {
  return myExamScopeOf(actorOf(ctx));
}

function toMyExam(row: repo.MyExamRow, policy: CheckinPolicy): MyExam {
  const { session, checkin, attempt } = row;
  const submitted = attempt?.status === 'submitted';
  // The exam's review setting 'none' shows no score or result, as the attempt's own outcome does.
  const shown = submitted && attempt?.review !== 'none';
  return {
    id: row.id,
    bookingId: row.id,
    bookingNumber: row.number,
    bookingStatus: row.status,
    student: row.student,
    courseId: session.courseId,
    courseNameEn: session.courseNameEn,
    courseNameAr: session.courseNameAr,
    examType: session.examType ?? 'Assessment',
    session: {
      id: session.id,
      startsAt: session.startsAt.toISOString(),
      endsAt: session.endsAt.toISOString(),
      delivery: session.delivery,
      language: session.language,
      branchNameEn: session.branchNameEn,
      branchNameAr: session.branchNameAr,
      classroom: session.classroom,
    },
    checkinComplete: isCheckinComplete(
      {
        remote: session.delivery === 'remote',
        idNumberChecked: checkin.idNumberChecked,
        photos: (checkin.photos ?? []) as CheckinPhotoKind[],
        fingerprintEnrolled: checkin.fingerprintEnrolled,
        fingerprintChecked: checkin.fingerprintChecked,
        admitted: checkin.admitted,
      },
      policy,
    ),
    attempt:
      attempt?.id == null || attempt.status == null
        ? null
        : {
            id: attempt.id,
            status: attempt.status,
            score: shown ? attempt.score : null,
            result: shown ? attempt.result : null,
            certificateId: submitted ? attempt.certificateId : null,
          },
  };
}

/** `GET /api/my-exams`: one tab of the caller's exam bookings, by session start. */
export async function listMyExams(ctx: Ctx, policy: CheckinPolicy, query: MyExamListQuery) {
  const page = await repo.listMyExams(ctx.db, scopeOf(ctx), query);
  return { items: page.items.map((row) => toMyExam(row, policy)), nextCursor: page.nextCursor };
}

/** `GET /api/my-exams/count`: how many rows of that tab match (capped like every list). */
export function countMyExams(ctx: Ctx, query: MyExamCountQuery) {
  return repo.countMyExams(ctx.db, scopeOf(ctx), query);
}
