let counter = 0;

/**
 * Digits no other test of this run (nor an earlier run) has: the clock, this worker's process
 * and a counter, so that side-by-side workers never make the same record.
 */
export function uniqueDigits(length: number): string {
  counter += 1;
  const digits = `${Date.now()}${String(process.pid % 1000).padStart(3, '0')}${counter % 10}`;
  return digits.slice(-length);
}
