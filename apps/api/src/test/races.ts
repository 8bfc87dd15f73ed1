import type { MessageCode } from '@tasreeh/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** How many identical requests a race test sends at once (issue 9 measured 20). */
export const RACERS = 20;

/** Sends `RACERS` requests at once, the i-th made by `send(i)`; resolves when all have answered. */
export function atOnce(send: (index: number) => Promise<LightMyRequestResponse>) {
  return Promise.all(Array.from({ length: RACERS }, (_, index) => send(index)));
}

/**
 * The answers of a race for one unique value: one success, and every other caller the 409 with
 * the duplicate message pointing at the field that was taken — never a 5xx.
 */
export function expectOneWinner(
  responses: LightMyRequestResponse[],
  success: 200 | 201,
  duplicate: { code: MessageCode; field: string },
) {
  const answers = responses.map((response) => {
    if (response.statusCode === success) return 'success';
    const body = response.json<{ code?: string; fields?: Record<string, string> }>();
    return `${response.statusCode} ${body.code} ${JSON.stringify(body.fields ?? {})}`;
  });
  const refused = `409 ${duplicate.code} ${JSON.stringify({ [duplicate.field]: duplicate.code })}`;
  expect(answers.sort()).toEqual([...Array(responses.length - 1).fill(refused), 'success'].sort());
}
