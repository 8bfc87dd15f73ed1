import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/migrate.ts';
import { rowsOf } from '../../db/rows.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The certificates table as it was before the snapshot migration (this test's database only). */
const BEFORE_SNAPSHOT = [
  'DROP TRIGGER "certificates_keep_what_they_state" ON "certificates"',
  'DROP FUNCTION "certificates_keep_what_they_state"()',
  'DROP INDEX "certificates_holder_id_number_idx"',
  'DROP INDEX "certificates_reissue_of_key"',
  'DROP INDEX "certificates_attempt_key"',
  `ALTER TABLE "certificates" DROP COLUMN "holder_name_en", DROP COLUMN "holder_name_ar",
     DROP COLUMN "holder_id_number", DROP COLUMN "course_name_en", DROP COLUMN "course_name_ar",
     DROP COLUMN "photo_file_id", DROP COLUMN "reissue_of_id", DROP COLUMN "created_at", DROP COLUMN "updated_at"`,
  'CREATE UNIQUE INDEX "certificates_attempt_key" ON "certificates" USING btree ("attempt_id")',
];

describe('the certificate snapshot migration', () => {
  it("fills the certificates issued before it from today's profiles and courses, then guards them", async () => {
    for (const statement of BEFORE_SNAPSHOT) await t.db.execute(sql.raw(statement));
    // A holder renamed after issue: the nearest there is to what the certificate said is today's name.
    await t.db.execute(sql`
      update users set name_en = 'Renamed Before Migration'
      where id = (select s.user_id from certificates c join students s on s.id = c.student_id limit 1)`);

    // Found by its name, whatever number it has when merged.
    const file = (await readdir(MIGRATIONS_FOLDER)).find((name) =>
      name.endsWith('_certificate_snapshot.sql'),
    );
    const migration = await readFile(path.join(MIGRATIONS_FOLDER, file ?? 'missing'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) {
      await t.db.execute(sql.raw(statement));
    }

    const rows = rowsOf<{
      matches: boolean;
      renamed: boolean;
      dated: boolean;
      photo: string | null;
    }>(
      await t.db.execute(sql`
        select c.holder_name_en = u.name_en and c.holder_name_ar = u.name_ar
                 and c.holder_id_number = coalesce(u.id_number, '')
                 and c.course_name_en = co.name_en and c.course_name_ar = co.name_ar as matches,
               c.holder_name_en = 'Renamed Before Migration' as renamed,
               c.created_at = c.issued_at as dated,
               c.photo_file_id as photo
        from certificates c
        join students s on s.id = c.student_id
        join users u on u.id = s.user_id
        join courses co on co.id = c.course_id`),
    );
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((row) => row.matches && row.dated && row.photo === null)).toBe(true);
    expect(rows.some((row) => row.renamed)).toBe(true);
    await expect(
      t.db.execute(
        sql`update certificates set holder_name_en = 'Changed' where id = (select min(id) from certificates)`,
      ),
    ).rejects.toThrow();
    const nullable = rowsOf<{ column_name: string; is_nullable: string }>(
      await t.db.execute(sql`
        select column_name, is_nullable from information_schema.columns
        where table_name = 'certificates' and column_name like any (array['holder_%', 'course_name_%'])`),
    );
    expect(nullable.map((column) => column.is_nullable)).toEqual(['NO', 'NO', 'NO', 'NO', 'NO']);
  });
});
