import {
  type ExamSessionInput,
  riyadhLocalOf,
  type SessionEditScope,
  type SessionItem,
  type SessionKind,
  type TrainingSessionInput,
} from '@tasreeh/shared';
import { AppError } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import type { Ctx } from '../../lib/context.ts';
import {
  namingClashes,
  type Planned,
  plan,
  refuseClash,
  refusePastStart,
  rowOf,
  type Times,
  timesOf,
} from './checks.ts';
import { schedulingPolicy } from './policy.ts';
import * as repo from './repo.ts';
import { loadForChange } from './service.ts';

const DAY_MS = 86_400_000;

type Edit<Input> = { id: number; input: Input };
type SessionInput = TrainingSessionInput | ExamSessionInput;

const dayIndexOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOfDayIndex = (index: number) => new Date(index * DAY_MS).toISOString().slice(0, 10);

/**
 * The session to edit: one the actor may change (see `loadForChange`) that has not started yet.
 * A session under way or over keeps its record as it was held; it can still be cancelled.
 */
type Editable = Awaited<ReturnType<typeof loadForChange>>;

async function loadForEdit(ctx: Ctx, id: number, kind: SessionKind) {
  const session = await loadForChange(ctx, id, kind);
  if (new Date(session.startsAt) <= new Date()) throw new AppError('SESSION_STARTED', { status: 409 });
  return session;
}

/** One session an edit rewrites, with its new times. */
interface Change {
  session: repo.SessionRow;
  times: Times;
}

/**
 * The sessions an edit rewrites, locked, first to last: this one, or with `following` the later
 * scheduled ones of its series too. Each takes the new times of day on its own date, moved by as
 * many days as the edited session's date moves.
 */
async function changesOf(
  ctx: Ctx,
  session: { id: number; seriesId: string | null; startsAt: Date },
  planned: Planned,
  date: string,
  scope: SessionEditScope,
) {
  const rows = await repo.lockSessionsToChange(ctx.db, session, scope === 'following');
  const shift = dayIndexOf(date) - dayIndexOf(riyadhLocalOf(session.startsAt).date);
  return rows.map(
    (row): Change => ({
      session: row,
      times: timesOf(planned, dateOfDayIndex(dayIndexOf(riyadhLocalOf(row.startsAt).date) + shift)),
    }),
  );
}

/** A clash of any rewritten session is named (the sessions being rewritten do not clash with their old selves). */
async function refuseClashes(ctx: Ctx, planned: Planned, changes: Change[]) {
  const ids = changes.map((change) => change.session.id);
  for (const change of changes) await refuseClash(ctx, planned, change.times, ids);
}

async function applyEdit(
  ctx: Ctx,
  session: SessionItem,
  kind: SessionKind,
  input: SessionInput,
  scope: SessionEditScope,
) {
  const planned = await plan(ctx, kind, input);
  const anchor = { id: session.id, seriesId: session.seriesId, startsAt: new Date(session.startsAt) };
  const changes = await changesOf(ctx, anchor, planned, input.date, scope);
  const [first] = changes;
  if (first) refusePastStart(first.times, new Date());
  await refuseClashes(ctx, planned, changes);
  for (const { session: row } of changes) {
    if (planned.capacity < row.seatsTaken) {
      throw new AppError('CAPACITY_BELOW_BOOKED', {
        status: 409,
        params: { count: row.seatsTaken },
        fields: { [planned.delivery === 'remote' ? 'capacity' : 'classroomId']: 'CAPACITY_BELOW_BOOKED' },
        data: { sessionId: row.id },
      });
    }
  }
  // Moved later, the last goes first (and the reverse), so no session steps on a sibling's old slot.
  const movesLater = first !== undefined && first.times.startsAt > first.session.startsAt;
  for (const change of movesLater ? [...changes].reverse() : changes) {
    await repo.updateSession(ctx.db, change.session.id, { ...rowOf(planned), ...change.times });
  }
  return { ids: changes.map((change) => change.session.id), seriesId: session.seriesId };
}

/** Checks an edit again outside its failed transaction, to name a clash a parallel save made. */
async function recheckEdit(ctx: Ctx, edit: Edit<SessionInput>, kind: SessionKind, scope: SessionEditScope) {
  const session = await repo.findSession(ctx.db, edit.id);
  if (!session) return;
  const planned = await plan(ctx, kind, edit.input);
  await refuseClashes(ctx, planned, await changesOf(ctx, session, planned, edit.input.date, scope));
}

const updateTrainingCommand = command({
  name: 'session.update_training',
  entity: 'scheduled_sessions',
  load: (ctx, { id }: Edit<TrainingSessionInput>) => loadForEdit(ctx, id, 'training'),
  authorize: schedulingPolicy.authorize('update', (session: Editable) => session),
  run: (ctx, { input }, session) => applyEdit(ctx, session, 'training', input, input.scope ?? 'one'),
  audit: ({ input, result }) => ({ after: { ...input.input, ids: result.ids } }),
  message: 'RECORDS_UPDATED',
});

/**
 * Changes a training session, or with scope `following` it and the later sessions of its weekly
 * series, all or none: a clash in any of them refuses the whole edit, naming that clash.
 */
export function updateTrainingSession(ctx: Ctx, edit: Edit<TrainingSessionInput>) {
  const scope = edit.input.scope ?? 'one';
  return namingClashes(
    ctx,
    () => updateTrainingCommand(ctx, edit),
    () => recheckEdit(ctx, edit, 'training', scope),
  );
}

const updateExamCommand = command({
  name: 'session.update_exam',
  entity: 'scheduled_sessions',
  load: (ctx, { id }: Edit<ExamSessionInput>) => loadForEdit(ctx, id, 'exam'),
  authorize: schedulingPolicy.authorize('update', (session: Editable) => session),
  run: (ctx, { input }, session) => applyEdit(ctx, session, 'exam', input, 'one'),
  audit: ({ input, result }) => ({ after: { ...input.input, ids: result.ids } }),
  message: 'RECORDS_UPDATED',
});

/** Changes an exam session (exam sessions have no series). */
export function updateExamSession(ctx: Ctx, edit: Edit<ExamSessionInput>) {
  return namingClashes(
    ctx,
    () => updateExamCommand(ctx, edit),
    () => recheckEdit(ctx, edit, 'exam', 'one'),
  );
}
