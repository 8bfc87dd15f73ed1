import { describe, expect, it } from 'vitest';
import { limitConcurrency } from './concurrency.ts';

/** A task that runs until `finish` is called. */
function heldTask(log: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const task = async () => {
    log.push(`start ${name}`);
    await done;
    log.push(`end ${name}`);
    return name;
  };
  return { task, finish };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('limitConcurrency', () => {
  it('starts at most `size` tasks at once, the others in the order they came', async () => {
    const limit = limitConcurrency(2);
    const log: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((name) => heldTask(log, name));
    const results = tasks.map(({ task }) => limit(task));
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    tasks[1]?.finish();
    await tick();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    for (const { finish } of tasks) finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('gives the place of a task that failed to the next', async () => {
    const limit = limitConcurrency(1);
    const failing = limit(async () => {
      throw new Error('refused');
    });
    const next = limit(async () => 'ran');
    await expect(failing).rejects.toThrow('refused');
    expect(await next).toBe('ran');
  });
});
