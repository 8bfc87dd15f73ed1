import { randomUUID } from 'node:crypto';
import { eq, getTableName, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, courses, exams, files } from '../../db/schema/index.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { PNG_BYTES } from '../../test/files.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { FileKind } from './kinds.ts';
import { FILE_REFERENCES, ORPHAN_GRACE_MS, sweepOrphanFiles } from './orphans.ts';

let t: TestApp;
let admin: string;
let examId: number;
let courseId: number;
const OGG_BYTES = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60)]);
const HOUR = 3_600_000;
const quiet = { error: () => undefined };

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
  const [exam] = await t.db
    .select({ id: exams.id, courseId: exams.courseId })
    .from(exams)
    .where(eq(exams.status, 'active'))
    .limit(1);
  if (!exam) throw new Error('no demo exam');
  examId = exam.id;
  courseId = exam.courseId;
});
afterAll(async () => {
  await t.close();
});

const store = () => t.app.deps.files;
const sweep = (options: { store?: FileStore; log?: typeof quiet; batch?: number } = {}) =>
  sweepOrphanFiles(t.db, options.store ?? store(), options.log ?? quiet, {
    kind: FileKind.questionMedia,
    batch: options.batch,
  });

/** Uploads a question's image or recording through the builder's route; returns the file id. */
async function upload(bytes: Buffer = PNG_BYTES) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'x.bin');
  const response = await t.call({
    method: 'POST',
    url: `/api/exams/${examId}/media`,
    token: admin,
    payload: form,
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ fileId: string }>().fileId;
}

/** Makes files look uploaded `hours` ago. */
async function age(ids: string[], hours: number) {
  await t.db
    .update(files)
    .set({ createdAt: new Date(Date.now() - hours * HOUR) })
    .where(inArray(files.id, ids));
}

async function stateOf(id: string) {
  const [row] = await t.db
    .select({ kind: files.kind, storageKey: files.storageKey })
    .from(files)
    .where(eq(files.id, id));
  if (!row) return 'gone';
  const onDisk = await store()
    .read(row.storageKey)
    .then(() => true)
    .catch(() => false);
  return onDisk ? row.kind : `${row.kind} without bytes`;
}

function saveQuestion(
  media: { imageFileId?: string; audioFileId?: string; answerAudio?: string },
  id?: number,
) {
  const payload = {
    text: `Question ${randomUUID()}`,
    imageFileId: media.imageFileId,
    audioFileId: media.audioFileId,
    answers: [
      { text: 'Right', correct: true, audioFileId: media.answerAudio },
      { text: 'Wrong', correct: false },
    ],
  };
  return t.call({
    method: id ? 'PUT' : 'POST',
    url: id ? `/api/questions/${id}` : `/api/exams/${examId}/banks/en/questions`,
    token: admin,
    payload,
    headers: { 'idempotency-key': randomUUID() },
  });
}

describe('the question media sweep', () => {
  it('removes an upload no question ever named, once a day has passed, from the table and the disk', async () => {
    const stale = await upload();
    const fresh = await upload();
    const onlyJustStale = await upload();
    await age([stale], 25);
    await age([onlyJustStale], 23);
    const stored = await t.db.select({ key: files.storageKey }).from(files).where(eq(files.id, stale));
    expect(await sweep()).toBe(1);
    expect(await stateOf(stale)).toBe('gone');
    await expect(store().read(stored[0]?.key ?? '')).rejects.toThrow();
    expect(await stateOf(fresh)).toBe(FileKind.questionMedia);
    expect(await stateOf(onlyJustStale)).toBe(FileKind.questionMedia);
    const audits = await t.db
      .select({ before: auditLog.before })
      .from(auditLog)
      .where(eq(auditLog.action, 'file.orphans-removed'));
    expect(audits.map((audit) => audit.before)).toContainEqual({
      kind: FileKind.questionMedia,
      fileIds: [stale],
    });
  });

  it('keeps media a question or an answer names, and removes what an edit left behind', async () => {
    const [image, audio, answerAudio, replacedImage] = [
      await upload(),
      await upload(OGG_BYTES),
      await upload(OGG_BYTES),
      await upload(),
    ];
    const saved = await saveQuestion({ imageFileId: replacedImage, audioFileId: audio, answerAudio });
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json<{ id: number }>().id;
    const edited = await saveQuestion({ imageFileId: image, audioFileId: audio }, id);
    expect(edited.statusCode, edited.body).toBe(200);
    await age([image, audio, answerAudio, replacedImage], 48);
    expect(await sweep()).toBe(2);
    expect(await stateOf(image)).toBe(FileKind.questionMedia);
    expect(await stateOf(audio)).toBe(FileKind.questionMedia);
    expect(await stateOf(replacedImage)).toBe('gone');
    expect(await stateOf(answerAudio)).toBe('gone');
  });

  it('keeps a question media file any other table names, and never touches files of other kinds', async () => {
    const namedByCourse = await upload();
    await t.db.update(courses).set({ imageFileId: namedByCourse }).where(eq(courses.id, courseId));
    const other = await store().save(PNG_BYTES, 'image/png');
    await t.db.insert(files).values({ ...other, kind: FileKind.courseImage, ownerUserId: null });
    await age([namedByCourse, other.id], 72);
    expect(await sweep()).toBe(0);
    expect(await stateOf(namedByCourse)).toBe(FileKind.questionMedia);
    expect(await stateOf(other.id)).toBe(FileKind.courseImage);
    await t.db.update(courses).set({ imageFileId: null }).where(eq(courses.id, courseId));
    expect(await sweep()).toBe(1);
    expect(await stateOf(namedByCourse)).toBe('gone');
    expect(await stateOf(other.id)).toBe(FileKind.courseImage);
  });

  it('knows every column of the database that points at a stored file', async () => {
    const result = await t.db.execute(sql`
      select c.conrelid::regclass::text as "table", a.attname as "column"
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and c.confrelid = 'files'::regclass`);
    const rows = (result as unknown as { rows: { table: string; column: string }[] }).rows;
    const inDatabase = rows.map((row) => `${row.table.replaceAll('"', '')}.${row.column}`).sort();
    const known = FILE_REFERENCES.map(([table, column]) => `${getTableName(table)}.${column.name}`).sort();
    expect(known).toEqual(inDatabase);
  });

  it('gives a marked file back its kind when a row names it after all, bytes and all', async () => {
    const image = await upload();
    const saved = await saveQuestion({ imageFileId: image });
    expect(saved.statusCode).toBe(201);
    // As if a question had named it while a sweep in another process was marking it.
    await t.db
      .update(files)
      .set({ kind: FileKind.removing(FileKind.questionMedia) })
      .where(eq(files.id, image));
    expect(await sweep()).toBe(0);
    expect(await stateOf(image)).toBe(FileKind.questionMedia);
  });

  it('logs a file whose bytes could not be removed and removes it on the next sweep', async () => {
    const stale = await upload();
    await age([stale], 30);
    const log = { error: vi.fn() };
    const failing: FileStore = {
      ...store(),
      remove: async () => {
        throw new Error('disk says no');
      },
    };
    expect(await sweep({ store: failing, log })).toBe(0);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ fileId: stale }),
      expect.stringContaining('could not be removed'),
    );
    expect(await stateOf(stale)).toBe(FileKind.removing(FileKind.questionMedia));
    // Not served and not accepted by a question while it waits.
    const named = await saveQuestion({ imageFileId: stale });
    expect(named.statusCode).toBe(400);
    expect(await sweep()).toBe(1);
    expect(await stateOf(stale)).toBe('gone');
  });

  it('works through many orphans in batches', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) ids.push(await upload());
    await age(ids, ORPHAN_GRACE_MS / HOUR + 1);
    expect(await sweep({ batch: 2 })).toBe(5);
    const left = await t.db.select({ id: files.id }).from(files).where(inArray(files.id, ids));
    expect(left).toEqual([]);
  });
});
