import { FINGERPRINT_CAPTURES, type Finger } from '@tasreeh/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FingerprintReader } from '../reader.ts';

export interface CaptureRun {
  /** The samples taken so far (0 to 4). */
  captures: string[];
  running: boolean;
  failed: boolean;
  /** Takes the four captures of a finger one after the other, from the start. */
  start(finger: Finger): Promise<string[] | undefined>;
  reset(): void;
}

/** Four captures of one finger through a reader, with progress; a failed capture stops the run. */
export function useCaptures(reader: FingerprintReader): CaptureRun {
  const [captures, setCaptures] = useState<string[]>([]);
  const [running, setRunning] = useState(false);
  const [failed, setFailed] = useState(false);
  const abort = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => abort.current?.abort(), []);

  const reset = useCallback(() => {
    abort.current?.abort();
    setCaptures([]);
    setRunning(false);
    setFailed(false);
  }, []);

  const start = useCallback(
    async (finger: Finger) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setCaptures([]);
      setFailed(false);
      setRunning(true);
      const taken: string[] = [];
      try {
        for (let i = 0; i < FINGERPRINT_CAPTURES; i++) {
          taken.push(await reader.capture(finger, controller.signal));
          setCaptures([...taken]);
        }
        return taken;
      } catch {
        if (!controller.signal.aborted) setFailed(true);
        return undefined;
      } finally {
        if (!controller.signal.aborted) setRunning(false);
      }
    },
    [reader],
  );

  return { captures, running, failed, start, reset };
}
