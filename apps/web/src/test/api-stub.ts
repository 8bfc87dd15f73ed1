import { vi } from 'vitest';

export interface StubAnswer {
  status: number;
  body: unknown;
}

export interface StubCall {
  path: string;
  body: unknown;
  authorization: string | undefined;
}

/**
 * Stands in for the API over `fetch`: each call is recorded (path after `/api`, JSON body,
 * bearer header) and answered by `answer`, in order of arrival.
 */
export function stubApi(answer: (call: StubCall, index: number) => StubAnswer): StubCall[] {
  const calls: StubCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
      const headers = new Headers(init.headers);
      const call: StubCall = {
        path,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        authorization: headers.get('authorization') ?? undefined,
      };
      calls.push(call);
      const { status, body } = answer(call, calls.length - 1);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

/** What a solved ALTCHA widget announces: its state changes to verified, with the solution. */
export function announceSolved(widget: Element, solution: string): void {
  widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload: solution } }));
}
