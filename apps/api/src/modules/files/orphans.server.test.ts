import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exams, files, questions } from '../../db/schema/index.ts';
import { PNG_BYTES } from '../../test/files.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { FileKind } from './kinds.ts';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from './orphans.ts';

// Runs only on the PostgreSQL server (TEST_DATABASE_URL): PGlite answers one request at a time.
let t: TestApp;
let admin: string;
let examId: number;
const quiet = { error: () => undefined };

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
  const [exam] = await t.db.select({ id: exams.id }).from(exams).where(eq(exams.status, 'active')).limit(1);
  if (!exam) throw new Error('no demo exam');
  examId = exam.id;
});
afterAll(async () => {
  await t.close();
});

/** `count` question images no question names yet, uploaded two days ago. */
async function staleUploads(count: number) {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const stored = await t.app.deps.files.save(PNG_BYTES, 'image/png');
    await t.db.insert(files).values({
      ...stored,
      kind: FileKind.questionMedia,
      ownerUserId: null,
      createdAt: new Date(Date.now() - 48 * 3_600_000),
    });
    ids.push(stored.id);
  }
  return ids;
}

const sweep = () =>
  sweepOrphanFiles(t.db, t.app.deps.files, quiet, { kind: FileKind.questionMedia, batch: 7 });

describe('the question media sweep in many processes', () => {
  it('removes each orphan once when four sweeps run at the same time', async () => {
    const ids = await staleUploads(60);
    const removed = await Promise.all(Array.from({ length: 4 }, sweep));
    expect(removed.reduce((sum, count) => sum + count, 0)).toBe(60);
    expect(await t.db.select({ id: files.id }).from(files).where(inArray(files.id, ids))).toEqual([]);
  });

  it('never removes a file a question saved during the sweeps names', async () => {
    const ids = await staleUploads(40);
    // Each file comes of age 15 ms after the one before, while its question is being saved.
    const start = Date.now();
    for (const [index, id] of ids.entries()) {
      await t.db
        .update(files)
        .set({ createdAt: new Date(start - ORPHAN_GRACE_MS + 100 + index * 15) })
        .where(eq(files.id, id));
    }
    let saving = true;
    const saving$ = Promise.all(
      ids.map((imageFileId) =>
        t.call({
          method: 'POST',
          url: `/api/exams/${examId}/banks/en/questions`,
          token: admin,
          payload: {
            text: `Question ${imageFileId}`,
            imageFileId,
            answers: [
              { text: 'Right', correct: true },
              { text: 'Wrong', correct: false },
            ],
          },
          headers: { 'idempotency-key': randomUUID() },
        }),
      ),
    ).finally(() => {
      saving = false;
    });
    // Sweeps keep running while the questions are saved, so that some saves come first and some after.
    const sweeping = async () => {
      while (saving) {
        await sweep();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const [saves] = await Promise.all([saving$, sweeping(), sweeping(), sweeping()]);
    // Each save either named its file in time (201) or found it gone (400 INVALID_VALUE): never a 500.
    const refused = saves.filter((save) => save.statusCode !== 201);
    expect(refused.map((save) => `${save.statusCode} ${save.json().code}`)).toEqual(
      refused.map(() => '400 INVALID_VALUE'),
    );
    const named = await t.db
      .select({ fileId: questions.imageFileId })
      .from(questions)
      .where(inArray(questions.imageFileId, ids));
    expect(named).toHaveLength(saves.filter((save) => save.statusCode === 201).length);
    const kept = await t.db
      .select({ id: files.id, kind: files.kind, storageKey: files.storageKey })
      .from(files)
      .where(
        inArray(
          files.id,
          named.map((row) => row.fileId ?? ''),
        ),
      );
    expect(kept).toHaveLength(named.length);
    for (const file of kept) {
      expect(file.kind).toBe(FileKind.questionMedia);
      await expect(t.app.deps.files.read(file.storageKey)).resolves.toBeInstanceOf(Buffer);
    }
    await sweep();
    const left = await t.db.select({ id: files.id }).from(files).where(inArray(files.id, ids));
    expect(left).toHaveLength(named.length);
  });
});
