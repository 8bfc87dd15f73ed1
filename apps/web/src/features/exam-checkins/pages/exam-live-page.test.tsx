import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { LiveSession } from '@tasreeh/shared';
import { MESSAGES } from '@tasreeh/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ExamLivePage } from './exam-live-page.tsx';

const LIVE: LiveSession = {
  serverNow: new Date().toISOString(),
  session: {
    id: 12,
    startsAt: new Date().toISOString(),
    endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    delivery: 'remote',
    courseNameEn: 'Food Safety Basics',
    courseNameAr: 'أساسيات سلامة الغذاء',
    branchNameEn: 'Riyadh',
    branchNameAr: 'الرياض',
  },
  candidates: [
    {
      bookingId: 5,
      studentId: 50,
      nameEn: 'Amal Worker',
      nameAr: 'أمل',
      bookingStatus: 'Booked',
      checkin: {
        complete: true,
        idNumberChecked: true,
        photos: ['live'],
        fingerprintEnrolled: false,
        fingerprintChecked: false,
        admitted: false,
      },
      attempt: {
        id: 41,
        status: 'in_progress',
        answered: 7,
        total: 20,
        secondsLeft: 754,
        extraSeconds: 0,
        extraMinutesGrantable: 60,
        score: null,
        result: null,
        abilities: { extraTime: true, stop: true, restart: true, practicalScore: false },
      },
      abilities: { admit: false, markAttended: true, markAbsent: false },
    },
    {
      bookingId: 6,
      studentId: 60,
      nameEn: 'Badr Cook',
      nameAr: 'بدر',
      bookingStatus: 'Booked',
      checkin: {
        complete: false,
        idNumberChecked: true,
        photos: [],
        fingerprintEnrolled: false,
        fingerprintChecked: false,
        admitted: false,
      },
      attempt: null,
      abilities: { admit: true, markAttended: true, markAbsent: true },
    },
    {
      bookingId: 7,
      studentId: 70,
      nameEn: 'Chadi Baker',
      nameAr: 'شادي',
      bookingStatus: 'Attended',
      checkin: {
        complete: true,
        idNumberChecked: true,
        photos: ['live'],
        fingerprintEnrolled: false,
        fingerprintChecked: false,
        admitted: false,
      },
      attempt: {
        id: 43,
        status: 'submitted',
        answered: 20,
        total: 20,
        secondsLeft: 0,
        extraSeconds: 0,
        extraMinutesGrantable: 0,
        score: 80,
        result: 'Passed',
        abilities: { extraTime: false, stop: false, restart: false, practicalScore: true },
      },
      abilities: { admit: false, markAttended: true, markAbsent: false },
    },
  ],
};

interface Sent {
  method: string;
  path: string;
  body: unknown;
  key: string | null;
}

function stub(live: LiveSession = LIVE): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        path: new URL(url, 'http://localhost').pathname.replace(/^\/api/, ''),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        key: new Headers(init.headers).get('idempotency-key'),
      };
      sent.push(call);
      const body =
        call.method === 'GET'
          ? live
          : call.path.endsWith('/extra-time')
            ? { id: 41, endsAt: new Date().toISOString(), secondsLeft: 1354 }
            : { score: 80, result: 'Passed', certificateId: null };
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return sent;
}

function renderLive() {
  return renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/examiner/exam-live/12']}>
        <Routes>
          <Route path="/examiner/exam-live/:sessionId" element={<ExamLivePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18next.changeLanguage('en');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The same session as the server shows it to a proctor who may only watch (read_8, not edit_8). */
const WATCHED: LiveSession = {
  ...LIVE,
  candidates: LIVE.candidates.map((candidate) => ({
    ...candidate,
    abilities: { admit: false, markAttended: false, markAbsent: false },
    attempt: candidate.attempt && {
      ...candidate.attempt,
      abilities: { extraTime: false, stop: false, restart: false, practicalScore: false },
    },
  })),
};

describe('ExamLivePage', () => {
  it('offers only the actions the server grants: none to a proctor who may only watch', async () => {
    stub(WATCHED);
    renderLive();
    const amal = await screen.findByRole('article', { name: 'Amal Worker' });
    const badr = screen.getByRole('article', { name: 'Badr Cook' });
    const chadi = screen.getByRole('article', { name: 'Chadi Baker' });
    for (const name of ['Restart', 'Stop', 'Give extra time'])
      expect(within(amal).queryByRole('button', { name })).toBeNull();
    expect(within(badr).queryByRole('button', { name: 'Admit' })).toBeNull();
    expect(within(chadi).queryByRole('button', { name: 'Save score' })).toBeNull();
    expect(within(chadi).getByRole('button', { name: 'Attended' })).toBeDisabled();
  });

  it('shows each candidate: check-in, progress, time left and result', async () => {
    // The clock stands still (timers run): the time left is the poll's, however long the render takes.
    vi.useFakeTimers({ toFake: ['Date'] });
    stub();
    renderLive();
    const amal = await screen.findByRole('article', { name: 'Amal Worker' });
    expect(screen.getByText(/· Remote$/)).toBeInTheDocument();
    expect(within(amal).getByText('7 of 20 answered')).toBeInTheDocument();
    expect(within(amal).getByTestId('live-time-left-5')).toHaveTextContent('12:34');
    const badr = screen.getByRole('article', { name: 'Badr Cook' });
    expect(within(badr).getByText('Check-in not complete')).toBeInTheDocument();
    expect(within(badr).getByRole('button', { name: 'Admit' })).toBeInTheDocument();
    const chadi = screen.getByRole('article', { name: 'Chadi Baker' });
    expect(within(chadi).getByText('Passed')).toBeInTheDocument();
    expect(within(chadi).getByRole('button', { name: 'Attended' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('gives extra time only with a reason, and sends the minutes', async () => {
    const sent = stub();
    renderLive();
    const amal = await screen.findByRole('article', { name: 'Amal Worker' });
    const minutes = within(amal).getByRole('textbox', { name: 'Minutes' });
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '15');
    fireEvent.click(within(amal).getByRole('button', { name: 'Give extra time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give extra time to Amal Worker?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give extra time' }));
    expect(await within(dialog).findByText(MESSAGES.ENTER_REASON.en)).toBeInTheDocument();
    expect(sent.filter((call) => call.method === 'POST')).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Power cut in the hall');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give extra time' }));
    await waitFor(() =>
      expect(sent.filter((call) => call.method === 'POST')).toEqual([
        expect.objectContaining({
          path: '/exam-attempts/41/extra-time',
          body: { minutes: 15, reason: 'Power cut in the hall' },
        }),
      ]),
    );
    expect(sent.find((call) => call.method === 'POST')?.key).toBeTruthy();
  });

  it('says how much extra time may still be given, takes no more, and says when none is left', async () => {
    const [amal, badr, chadi] = LIVE.candidates;
    if (!amal?.attempt || !badr || !chadi) throw new Error('the fixture changed');
    const nearCap = { ...amal.attempt, extraSeconds: 55 * 60, extraMinutesGrantable: 5 };
    const spent = { ...amal.attempt, id: 44, extraSeconds: 60 * 60, extraMinutesGrantable: 0 };
    const sent = stub({
      ...LIVE,
      candidates: [
        { ...amal, attempt: nearCap },
        { ...chadi, bookingId: 8, nameEn: 'Dana Server', bookingStatus: 'Booked', attempt: spent },
      ],
    });
    renderLive();
    const card = await screen.findByRole('article', { name: 'Amal Worker' });
    expect(within(card).getByText('Up to 5 more minutes of extra time can be given')).toBeInTheDocument();
    const minutes = within(card).getByRole('textbox', { name: 'Minutes' });
    expect(minutes).toHaveValue('5');
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '15');
    expect(minutes).not.toHaveValue('15');
    fireEvent.click(within(card).getByRole('button', { name: 'Give extra time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give extra time to Amal Worker?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Power cut in the hall');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Give extra time' }));
    await waitFor(() => expect(sent.filter((call) => call.method === 'POST')).toHaveLength(1));
    const [given] = sent.filter((call) => call.method === 'POST');
    expect((given?.body as { minutes?: number } | undefined)?.minutes).toBeLessThanOrEqual(5);

    const dana = screen.getByRole('article', { name: 'Dana Server' });
    expect(within(dana).getByText('No more extra time can be given')).toBeInTheDocument();
    expect(within(dana).queryByRole('button', { name: 'Give extra time' })).toBeNull();
    expect(within(dana).queryByRole('textbox', { name: 'Minutes' })).toBeNull();
  });

  it('says it in Arabic', async () => {
    await i18next.changeLanguage('ar');
    const [amal] = LIVE.candidates;
    if (!amal?.attempt) throw new Error('the fixture changed');
    stub({ ...LIVE, candidates: [{ ...amal, attempt: { ...amal.attempt, extraMinutesGrantable: 20 } }] });
    renderLive();
    const card = await screen.findByRole('article', { name: 'أمل' });
    expect(within(card).getByText('يمكن منح 20 دقيقة إضافية أخرى كحد أقصى')).toBeInTheDocument();
  });

  it('asks for the practical score before saving it ("Score must be added")', async () => {
    const sent = stub();
    renderLive();
    const chadi = await screen.findByRole('article', { name: 'Chadi Baker' });
    fireEvent.click(within(chadi).getByRole('button', { name: 'Save score' }));
    expect(await within(chadi).findByText(MESSAGES.SCORE_REQUIRED.en)).toBeInTheDocument();
    await userEvent.type(within(chadi).getByRole('textbox', { name: 'Practical score' }), '18');
    fireEvent.click(within(chadi).getByRole('button', { name: 'Save score' }));
    await waitFor(() =>
      expect(sent.find((call) => call.method === 'PUT')).toMatchObject({
        path: '/exam-attempts/43/practical-score',
        body: { score: 18 },
      }),
    );
  });

  it('stops an attempt with a reason', async () => {
    const sent = stub();
    renderLive();
    const amal = await screen.findByRole('article', { name: 'Amal Worker' });
    fireEvent.click(within(amal).getByRole('button', { name: 'Stop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop the exam of Amal Worker?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Used a phone');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop the exam' }));
    await waitFor(() =>
      expect(sent.find((call) => call.method === 'POST')).toMatchObject({
        path: '/exam-attempts/41/stop',
        body: { reason: 'Used a phone' },
      }),
    );
  });
});
