import type { Db } from '../db/client.ts';
import { postUnposted } from '../modules/ledger/index.ts';

/**
 * The demo journal (issue 13, F4): the demo's payments are written straight into the database, so
 * at the end of seedDemo every paid payment (and any credit note) without its journal entry is
 * posted by the real posting code, each on the centre's day it was paid.
 */
export async function seedDemoLedger(db: Db): Promise<void> {
  await postUnposted(db);
}
