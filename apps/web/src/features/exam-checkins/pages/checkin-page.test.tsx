import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CheckinView } from '@tasreeh/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { developmentReader } from '../../fingerprints/reader.ts';
import { CheckinPage } from './checkin-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const VIEW: CheckinView = {
  bookingId: 7,
  remote: false,
  idNumberChecked: false,
  photos: [],
  requiredPhotos: ['live'],
  fingerprintEnrolled: false,
  finger: null,
  fingerprintChecked: false,
  admitted: false,
  complete: false,
  phase: 'open',
  opensAt: '2026-11-26T09:00:00.000Z',
  startsAt: '2026-11-26T10:00:00.000Z',
  endsAt: '2026-11-26T11:00:00.000Z',
  courseNameEn: 'Food Safety Basics',
  courseNameAr: 'أساسيات سلامة الغذاء',
  message: null,
};

function renderPage() {
  return renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/student/exam/check-out/7']}>
        <Routes>
          <Route
            path="/student/exam/check-out/:id"
            element={<CheckinPage reader={developmentReader({ delayMs: 0 })} />}
          />
          <Route path="/student/exam/session/:id" element={<p>exam session page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('CheckinPage', () => {
  it('sends the typed ID number, shows the server’s refusal, and moves on to the camera once checked', async () => {
    await i18next.changeLanguage('en');
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: {
        getUserMedia: vi.fn(async () => Promise.reject(new DOMException('denied', 'NotAllowedError'))),
      },
    });
    let checked = false;
    const calls = stubApi((call) => {
      if (call.path === '/exam-checkins/7/id-number') {
        const body = call.body as { idNumber: string };
        if (body.idNumber !== '٢٠٠٠٠٠٠٠٠٦') {
          return { status: 422, body: { code: 'CHECKIN_ID_NUMBER_MISMATCH', message: 'x' } };
        }
        checked = true;
        return { status: 200, body: { bookingId: 7, message: 'ID number checked.' } };
      }
      return { status: 200, body: { ...VIEW, idNumberChecked: checked } };
    });
    renderPage();
    const input = await screen.findByLabelText(/ID or Iqama number/);
    fireEvent.change(input, { target: { value: '1234567890' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('This ID number does not match the booking.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '٢٠٠٠٠٠٠٠٠٦' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    // The camera step, with the refusal said plainly.
    expect(await screen.findByText('The camera is blocked')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ask for the camera again' })).toBeTruthy();
    expect(calls.filter((call) => call.path === '/exam-checkins/7/id-number')).toHaveLength(2);
  });

  it('shows "Exam Not Started yet" with the opening time and no steps before the window', async () => {
    await i18next.changeLanguage('en');
    stubApi(() => ({
      status: 200,
      body: { ...VIEW, phase: 'not-started', message: 'Exam Not Started yet' },
    }));
    renderPage();
    expect(await screen.findByText('Exam Not Started yet')).toBeTruthy();
    expect(screen.getByText(/Check-in opens at/)).toBeTruthy();
    expect(screen.queryByLabelText(/ID or Iqama number/)).toBeNull();
  });

  it('checks the enrolled finger through the reader, then offers "Start the exam" (in Arabic too)', async () => {
    await i18next.changeLanguage('ar');
    let checked = false;
    const calls = stubApi((call) => {
      if (call.path === '/exam-checkins/7/fingerprint') {
        checked = true;
        return { status: 200, body: { bookingId: 7, message: 'تم التحقق من البصمة.' } };
      }
      return {
        status: 200,
        body: {
          ...VIEW,
          idNumberChecked: true,
          photos: ['live'],
          fingerprintEnrolled: true,
          finger: 'right-index',
          fingerprintChecked: checked,
          complete: checked,
        },
      };
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'مسح البصمة' }));
    const start = await screen.findByRole('button', { name: 'ابدأ الاختبار' });
    const sent = calls.find((call) => call.path === '/exam-checkins/7/fingerprint')?.body as {
      sample: string;
    };
    expect(sent.sample).toMatch(/^dev1\.demo-right-index\./);
    fireEvent.click(start);
    await waitFor(() => expect(screen.getByText('exam session page')).toBeTruthy());
    await i18next.changeLanguage('en');
  });
});
