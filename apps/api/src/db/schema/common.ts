import { timestamp } from 'drizzle-orm/pg-core';

/**
 * created_at / updated_at, on every table. created_at keeps milliseconds, as JavaScript does,
 * so that a list's cursor by creation time names a row's time exactly (PostgreSQL would
 * otherwise keep microseconds the cursor cannot hold, and pages would repeat rows).
 */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** A moment with milliseconds kept, as JavaScript keeps them. */
export const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
