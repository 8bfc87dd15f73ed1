/**
 * `npm run bench`: every benchmark, then one table of figures and ratios, PGlite and
 * PostgreSQL side by side. PostgreSQL runs on scratch databases created and dropped on
 * BENCH_DATABASE_URL's server (127.0.0.1:5432 by default); its column is left out, with a
 * note, when that server does not answer.
 */
import { cpus, loadavg } from 'node:os';
import { apiBench } from './api.bench.ts';
import { bookingsBench } from './bookings.bench.ts';
import { jobsBench } from './jobs.bench.ts';
import { ENGINES, type Engine, postgresReachable } from './lib/engines.ts';
import type { BenchRow } from './lib/table.ts';
import { printTable } from './lib/table.ts';
import { studentsBench } from './students.bench.ts';
import { webBench } from './web.bench.ts';

/** The benchmarks, in the order they run and print; each returns its rows of the table. */
const BENCHES: ((engines: readonly Engine[]) => Promise<BenchRow[]>)[] = [
  apiBench,
  bookingsBench,
  jobsBench,
  studentsBench,
  // The first page is served from the embedded database only: its figures fill the value column.
  () => webBench(),
];

const reachable = await postgresReachable();
if (!reachable) console.log('PostgreSQL does not answer on BENCH_DATABASE_URL: its column is skipped.');
const engines = reachable ? ENGINES : (['pglite'] as const);
const rows: BenchRow[] = [];
for (const bench of BENCHES) rows.push(...(await bench(engines)));
const load = loadavg().map((figure) => figure.toFixed(1));
console.log(`\nNode ${process.version}, ${cpus().length} cores, load average ${load.join(' ')} at the end`);
printTable(rows);
if (rows.some((row) => row.met === false)) process.exitCode = 1;
