import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a countdown that ticks once a second; `restart` starts it again. */
export function useCountdown(initialSeconds: number): {
  secondsLeft: number;
  restart: (seconds?: number) => void;
} {
  const [deadline, setDeadline] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (now >= deadline) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline, now]);

  const restart = useCallback(
    (seconds = initialSeconds) => {
      const start = Date.now();
      setNow(start);
      setDeadline(start + seconds * 1000);
    },
    [initialSeconds],
  );

  return { secondsLeft: Math.max(0, Math.ceil((deadline - now) / 1000)), restart };
}
