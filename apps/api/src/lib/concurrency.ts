/**
 * Runs at most `size` tasks at once; the others wait, in the order they came, before they
 * start (holding nothing but their place in line).
 */
export function limitConcurrency(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < size) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // the place goes straight to the next in line, or is given up
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
