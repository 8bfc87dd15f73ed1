import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { seedDemo, seedReference } from '../../apps/api/src/seed/index.ts';

/**
 * A migrated, demo-seeded database plus `count` students, set-based (two `insert … select …
 * generate_series` statements, not row by row): names from a hundred combinations (each first
 * name is a tenth of the rows, each first-and-last pair a hundredth), unique ID numbers
 * (`B000000001`…, each the student's login), e-mails and phones; `passwordHash` for all of them
 * (none can log in by default). Returns the seconds the students took.
 */
export async function seedStudents(
  database: Database,
  count: number,
  passwordHash = 'not-a-login',
): Promise<number> {
  await migrateDatabase(database);
  await seedReference(database.db);
  await seedDemo(database.db);
  const started = performance.now();
  await database.db.execute(sql`
    insert into users (type, email, phone, name_en, name_ar, id_type, id_number, branch_id, password_hash)
    select 'student',
           'bench' || n || '@example.com',
           '+96657' || lpad(n::text, 7, '0'),
           (array['Mohammed','Ahmed','Rajesh','Abdul','Juan','Siti','Ram','Karim','Jose','Ali'])[1 + n % 10] || ' ' ||
           (array['Khan','Hussain','Kumar','Rahman','Santos','Aziz','Thapa','Reyes','Ali','Das'])[1 + (n / 10) % 10] || ' ' || n,
           (array['محمد','أحمد','راجيش','عبدالله','خوان','سيتي','رام','كريم','خوسيه','علي'])[1 + n % 10] || ' ' ||
           (array['خان','حسين','كومار','رحمن','سانتوس','عزيز','ثابا','رييس','علي','داس'])[1 + (n / 10) % 10],
           'passport', 'B' || lpad(n::text, 9, '0'),
           (select id from branches order by id limit 1 offset (n % 3)),
           ${passwordHash}
    from generate_series(1, ${count}) as n`);
  await database.db.execute(sql`
    insert into students (user_id, branch_id, nationality, gender, region_code, city_id)
    select id, branch_id, 'IN', 'male', 'SA-01', 'riyadh' from users
    where type = 'student' and email like 'bench%'`);
  await database.db.execute(sql`analyze`);
  return (performance.now() - started) / 1000;
}
