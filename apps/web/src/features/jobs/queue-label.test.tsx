import { JOB_QUEUES } from '@tasreeh/shared';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18next } from '../../i18n/index.ts';
import { useQueueLabel } from './queue-label.ts';

describe('useQueueLabel', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`names every queue of the job registry in ${language}, not by its code`, async () => {
      await i18next.changeLanguage(language);
      const { result } = renderHook(() => useQueueLabel());
      for (const queue of JOB_QUEUES) expect(result.current(queue), queue).not.toBe(queue);
    });
  }
});
