import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedStudents } from './lib/seed-students.ts';
const database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/names1m' } as never);
console.log(await seedStudents(database, 1_000_000));
await database.close();
