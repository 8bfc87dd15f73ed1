import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, files } from '../../db/schema/index.ts';
import { courseCalls, feeSetupIdOf, newCourse } from '../../test/courses.ts';
import { PDF_BYTES, PNG_BYTES, putFile, TEXT_BYTES } from '../../test/files.ts';
import { atOnce, RACERS } from '../../test/races.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let api: ReturnType<typeof courseCalls>;
let trainer: string;
let courseFeeId: number;

beforeAll(async () => {
  t = await buildTestApp();
  api = courseCalls(t);
  trainer = (await t.loginAs('TrainingManager')).token;
  courseFeeId = await feeSetupIdOf(t, 'course');
});
afterAll(async () => {
  await t.close();
});

describe('the course image', () => {
  const upload = (id: number, bytes: Buffer, token = trainer, field = 'image') =>
    putFile(t, { url: `/api/courses/${id}/image`, bytes, token, field });

  it('stores an image recognised by its bytes, shows it to any logged-in user, and replaces it', async () => {
    const { id } = (await api.create(trainer, newCourse(courseFeeId))).json();
    const noImage = await t.call({ method: 'GET', url: `/api/courses/${id}/image`, token: trainer });
    expect(noImage.statusCode).toBe(404);

    expect((await upload(id, PNG_BYTES)).statusCode).toBe(200);
    const first = (await api.read(trainer, id)).json().imageFileId;
    const student = (await t.loginAs('student')).token;
    const shown = await t.call({ method: 'GET', url: `/api/courses/${id}/image`, token: student });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect((await t.call({ method: 'GET', url: `/api/courses/${id}/image` })).statusCode).toBe(401);

    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.alloc(4),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(16),
    ]);
    expect((await upload(id, webp)).statusCode).toBe(200);
    const second = (await api.read(trainer, id)).json().imageFileId;
    expect(second).not.toBe(first);
    expect(await t.db.select().from(files).where(eq(files.id, first))).toHaveLength(0);
    const replaced = await t.call({ method: 'GET', url: `/api/courses/${id}/image`, token: student });
    expect(replaced.headers['content-type']).toBe('image/webp');
  });

  it('refuses other files, by their bytes and size, and callers who may not change the course', async () => {
    const { id } = (await api.create(trainer, newCourse(courseFeeId))).json();
    const text = await upload(id, TEXT_BYTES);
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('This type of file is not allowed. Allowed: JPEG, PNG, WEBP.');
    expect((await upload(id, PDF_BYTES)).json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    const large = Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await upload(id, large);
    expect(tooLarge.json()).toMatchObject({ code: 'FILE_TOO_LARGE', fields: { image: 'FILE_TOO_LARGE' } });
    expect((await upload(id, PNG_BYTES, trainer, 'photo')).json().code).toBe('UNKNOWN_FIELD');
    const empty = await t.call({
      method: 'PUT',
      url: `/api/courses/${id}/image`,
      token: trainer,
      payload: new FormData(),
    });
    expect(empty.statusCode).toBe(400);
    const ceo = (await t.loginAs('CEO')).token;
    expect((await upload(id, PNG_BYTES, ceo)).statusCode).toBe(403);
    expect((await api.read(trainer, id)).json().imageFileId).toBeNull();
  });

  it('is replaced many times at once and keeps only the last file (races on PostgreSQL)', async () => {
    const { id } = (await api.create(trainer, newCourse(courseFeeId))).json();
    const responses = await atOnce(() => upload(id, PNG_BYTES));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(RACERS).fill(200));
    const unlinked = await t.db
      .select({ id: files.id })
      .from(files)
      .leftJoin(courses, eq(courses.imageFileId, files.id))
      .where(and(eq(files.kind, 'course-image'), isNull(courses.id)));
    expect((await api.read(trainer, id)).json().imageFileId).toBeTruthy();
    expect(unlinked).toEqual([]);
  });
});
