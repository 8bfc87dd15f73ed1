import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AttemptView } from '@tasreeh/shared';
import { MESSAGES } from '@tasreeh/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { queueKeyOf } from '../answer-queue.ts';
import { ExamSessionPage } from './exam-session-page.tsx';

/** A contract-shaped attempt: an Arabic exam of three questions, 10 minutes left on the server's clock. */
function attemptView(overrides: Partial<AttemptView> = {}): AttemptView {
  const serverNow = new Date(Date.now() + 3_600_000); // the device is an hour slow
  return {
    id: 41,
    bookingId: 7,
    status: 'in_progress',
    titleEn: 'Food Safety exam',
    titleAr: 'اختبار سلامة الغذاء',
    language: 'ar',
    direction: 'rtl',
    startedAt: new Date(serverNow.getTime() - 20 * 60_000).toISOString(),
    endsAt: new Date(serverNow.getTime() + 10 * 60_000).toISOString(),
    extraSeconds: 0,
    serverNow: serverNow.toISOString(),
    secondsLeft: 600,
    questions: [
      {
        id: 101,
        text: 'ما درجة حرارة حفظ الأطعمة المبردة؟',
        imageUrl: null,
        audioUrl: '/api/exam-attempts/41/media/aaa',
        answers: [
          { id: 1011, text: 'أقل من ٥ درجات', audioUrl: '/api/exam-attempts/41/media/bbb' },
          { id: 1012, text: 'عشرون درجة', audioUrl: null },
        ],
      },
      {
        id: 102,
        text: 'متى تغسل يديك؟',
        imageUrl: null,
        audioUrl: null,
        answers: [
          { id: 1021, text: 'قبل تحضير الطعام', audioUrl: null },
          { id: 1022, text: 'مرة في اليوم', audioUrl: null },
        ],
      },
      {
        id: 103,
        text: 'أين تحفظ المواد الكيميائية؟',
        imageUrl: null,
        audioUrl: null,
        answers: [
          { id: 1031, text: 'بعيداً عن الطعام', audioUrl: null },
          { id: 1032, text: 'بجانب الخبز', audioUrl: null },
        ],
      },
    ],
    answers: {},
    outcome: null,
    ...overrides,
  };
}

interface Sent {
  method: string;
  path: string;
  body: unknown;
  key: string | null;
}
type Reply = { status: number; body?: unknown } | 'network-down';

/** The API over fetch: each call recorded (method, path, body, Idempotency-Key) and answered by `reply`. */
function stubFetch(reply: (call: Sent) => Reply): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      const call: Sent = {
        method: init.method ?? 'GET',
        path: new URL(url, 'http://localhost').pathname.replace(/^\/api/, ''),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        key: headers.get('idempotency-key'),
      };
      sent.push(call);
      const answer = reply(call);
      if (answer === 'network-down') throw new TypeError('Failed to fetch');
      return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return sent;
}

const refusal = (status: number, code: string) => ({
  status,
  body: { code, message: code in MESSAGES ? MESSAGES[code as keyof typeof MESSAGES].en : code },
});

function Done() {
  const location = useLocation();
  return <p>{`done page ${location.search}`}</p>;
}

function renderSession(bookingId = 7) {
  return renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/student/exam/session/${bookingId}`]}>
        <Routes>
          <Route path="/student/exam/session/:bookingId" element={<ExamSessionPage />} />
          <Route path="/student/exam/done" element={<Done />} />
          <Route path="/student/exam/check-out/:bookingId" element={<p>check-out page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const isPut = (call: Sent) => call.method === 'PUT';

beforeEach(async () => {
  await i18next.changeLanguage('en');
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ExamSessionPage', () => {
  it('resumes an attempt at its first unanswered question, in the exam language, with the server time left', async () => {
    // The clock stands still (timers run): the countdown shows the server's ten minutes exactly.
    vi.useFakeTimers({ toFake: ['Date'] });
    const view = attemptView({ answers: { '101': 1012 } });
    const sent = stubFetch((call) =>
      call.path === '/exam-attempts/by-booking/7' || call.path === '/exam-attempts/41'
        ? { status: 200, body: view }
        : { status: 500 },
    );
    renderSession();
    const block = await screen.findByTestId('exam-question');
    // The exam is in Arabic while the screen is in English: the block carries its own language and direction.
    expect(block).toHaveAttribute('lang', 'ar');
    expect(block).toHaveAttribute('dir', 'rtl');
    expect(within(block).getByText('متى تغسل يديك؟')).toBeInTheDocument();
    // The answers are one radio group named by the question.
    expect(within(block).getByRole('radiogroup', { name: 'متى تغسل يديك؟' })).toBeInTheDocument();
    expect(screen.getByTestId('exam-position')).toHaveTextContent('Question 2 of 3');
    // The device is an hour slow; the countdown is the server's 10 minutes nonetheless.
    expect(screen.getByTestId('exam-time-left')).toHaveTextContent('10:00');
    expect(screen.getByTestId('exam-save-status')).toHaveTextContent('All answers saved');
    // Never started again: the attempt was found.
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
    // The overview goes back to an answered question.
    fireEvent.click(screen.getByRole('button', { name: 'Question 1, answered' }));
    expect(await within(block).findByText('ما درجة حرارة حفظ الأطعمة المبردة؟')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'عشرون درجة' })).toBeChecked();
    // Audio beside the question and the answer that has one.
    expect(screen.getByRole('button', { name: 'Listen to the question' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Listen to answer 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Listen to answer 2' })).toBeNull();
  });

  it('says "Exam Not Started yet" before the start, then starts with the same Idempotency-Key on a retry', async () => {
    let started = false;
    const sent = stubFetch((call) => {
      if (call.path === '/exam-attempts/by-booking/7') return refusal(404, 'NOT_FOUND');
      if (call.method === 'POST' && call.path === '/exam-attempts') {
        return started ? { status: 201, body: attemptView() } : refusal(409, 'EXAM_NOT_STARTED');
      }
      return { status: 200, body: attemptView() };
    });
    renderSession();
    expect(await screen.findByText('Exam Not Started yet')).toBeInTheDocument();
    started = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('exam-question')).toBeInTheDocument();
    const starts = sent.filter((call) => call.method === 'POST');
    expect(starts).toHaveLength(2);
    expect(starts[0]?.body).toEqual({ bookingId: 7 });
    expect(starts[0]?.key).toBeTruthy();
    expect(starts[1]?.key).toBe(starts[0]?.key);
  });

  it('says "This exam is finished" after the end', async () => {
    stubFetch((call) =>
      call.path === '/exam-attempts/by-booking/7' ? refusal(404, 'NOT_FOUND') : refusal(409, 'EXAM_FINISHED'),
    );
    renderSession();
    expect(await screen.findByText('This exam is finished')).toBeInTheDocument();
  });

  it('links to the check-in when it is not complete', async () => {
    stubFetch((call) =>
      call.path === '/exam-attempts/by-booking/7'
        ? refusal(404, 'NOT_FOUND')
        : refusal(409, 'EXAM_CHECKIN_REQUIRED'),
    );
    renderSession();
    fireEvent.click(await screen.findByRole('link', { name: 'Check in' }));
    expect(await screen.findByText('check-out page')).toBeInTheDocument();
  });

  it('requires an answer before Next, and saves each answer at once', async () => {
    const sent = stubFetch((call) => {
      if (isPut(call)) return { status: 200, body: { questionId: 101, answerId: 1011, secondsLeft: 590 } };
      return { status: 200, body: attemptView() };
    });
    renderSession();
    await screen.findByTestId('exam-question');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MESSAGES.ANSWER_REQUIRED.en)).toBeInTheDocument();
    expect(screen.getByTestId('exam-position')).toHaveTextContent('Question 1 of 3');
    fireEvent.click(screen.getByRole('radio', { name: 'أقل من ٥ درجات' }));
    await waitFor(() =>
      expect(sent.filter(isPut)).toEqual([
        expect.objectContaining({ path: '/exam-attempts/41/answers/101', body: { answerId: 1011 } }),
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('متى تغسل يديك؟')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.ANSWER_REQUIRED.en)).toBeNull();
  });

  it('keeps answers given offline, says they are not saved, and sends them in order when the connection returns', async () => {
    let online = true;
    const sent = stubFetch((call) => {
      if (!online) return 'network-down';
      if (isPut(call))
        return { status: 200, body: { ...(call.body as object), questionId: 0, secondsLeft: 500 } };
      return { status: 200, body: attemptView() };
    });
    renderSession();
    await screen.findByTestId('exam-question');
    online = false;
    fireEvent.click(screen.getByRole('radio', { name: 'عشرون درجة' }));
    expect(await screen.findByText('1 answer not yet saved — keep this page open')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'قبل تحضير الطعام' }));
    expect(await screen.findByText('2 answers not yet saved — keep this page open')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(queueKeyOf(41)) ?? '[]')).toEqual([
      { questionId: 101, answerId: 1012 },
      { questionId: 102, answerId: 1021 },
    ]);
    online = true;
    const before = sent.length;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('exam-save-status')).toHaveTextContent('All answers saved'),
    );
    expect(
      sent
        .slice(before)
        .filter(isPut)
        .map((call) => call.path),
    ).toEqual(['/exam-attempts/41/answers/101', '/exam-attempts/41/answers/102']);
    expect(localStorage.getItem(queueKeyOf(41))).toBeNull();
  });

  it.each([
    ['en', 'Time added: 10 minutes'],
    ['ar', 'أُضيف إلى وقت الاختبار: 10 دقائق'],
  ] as const)('says in %s when a proctor adds time, from the clock it reads next', async (language, said) => {
    await i18next.changeLanguage(language);
    let view = attemptView();
    stubFetch(() => ({ status: 200, body: view }));
    renderSession();
    await screen.findByTestId('exam-question');
    expect(screen.queryByTestId('exam-time-added')).toBeNull();
    const first = attemptView();
    view = {
      ...first,
      endsAt: new Date(Date.parse(first.endsAt) + 10 * 60_000).toISOString(),
      extraSeconds: 600,
    };
    // The connection coming back makes the screen read its clock at once (as its poll does).
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByTestId('exam-time-added')).toHaveTextContent(said);
  });

  it('moves to exam/done when the server says the exam is finished', async () => {
    stubFetch((call) => (isPut(call) ? refusal(409, 'EXAM_FINISHED') : { status: 200, body: attemptView() }));
    renderSession();
    await screen.findByTestId('exam-question');
    fireEvent.click(screen.getByRole('radio', { name: 'عشرون درجة' }));
    expect(await screen.findByText('done page ?attempt=41')).toBeInTheDocument();
  });

  it('moves to exam/done when the time is up', async () => {
    const past = attemptView();
    stubFetch(() => ({
      status: 200,
      body: { ...past, endsAt: past.serverNow, secondsLeft: 0 },
    }));
    renderSession();
    expect(await screen.findByText('done page ?attempt=41')).toBeInTheDocument();
  });

  it('asks before submitting, with the count of unanswered questions, then goes to exam/done', async () => {
    const sent = stubFetch((call) => {
      if (call.path === '/exam-attempts/41/submit') {
        return { status: 200, body: { score: 66.67, result: 'Passed', certificateId: 3 } };
      }
      return { status: 200, body: attemptView({ answers: { '101': 1011 } }) };
    });
    renderSession();
    await screen.findByTestId('exam-question');
    fireEvent.click(screen.getByRole('button', { name: 'Hand in the exam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand in the exam?' });
    expect(within(dialog).getByText(/2 questions have no answer/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go back to the exam' }));
    expect(sent.some((call) => call.path.endsWith('/submit'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Hand in the exam' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Hand in the exam?' })).getByRole('button', {
        name: 'Hand in',
      }),
    );
    expect(await screen.findByText('done page ?attempt=41')).toBeInTheDocument();
    const submit = sent.find((call) => call.path === '/exam-attempts/41/submit');
    expect(submit?.method).toBe('POST');
    expect(submit?.key).toBeTruthy();
  });
});
