import type { Db } from '../client.ts';
import { seedDemoCenters } from './demo-centers.ts';
import { seedDemoCourses } from './demo-courses.ts';
import { seedDemoProducts } from './demo-products.ts';
import { seedDemoUsers } from './demo-users.ts';
import { seedPermissionGroups } from './permission-groups.ts';

/** Reference data every database needs; safe to run again. */
export async function seedReference(db: Db): Promise<void> {
  await seedPermissionGroups(db);
}

/** Demo data for a database with no users yet; returns whether it seeded. */
export async function seedDemo(db: Db): Promise<boolean> {
  const seeded = await seedDemoUsers(db);
  await seedDemoCourses(db);
  if (seeded) await seedDemoProducts(db);
  if (seeded) await seedDemoCenters(db);
  return seeded;
}
