import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { developmentReader } from '../reader.ts';
import { FingerprintEnrolPage } from './fingerprint-enrol-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const PROFILE = { id: 3, nameEn: 'Mohammed Rahman', nameAr: 'محمد رحمن', idNumber: '2000000006' };

/** The enrolment screen of student 3, with the development reader answering at once. */
function renderEnrolPage() {
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin/students/biometricdata/3']}>
        <Routes>
          <Route
            path="/admin/students/biometricdata/:id"
            element={<FingerprintEnrolPage reader={developmentReader({ delayMs: 0 })} />}
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('FingerprintEnrolPage', () => {
  it('takes four captures of the chosen finger with progress and saves them', async () => {
    await i18next.changeLanguage('en');
    let enrolled = false;
    const calls = stubApi((call) => {
      if (call.path === '/students/3/fingerprint' && call.body) {
        enrolled = true;
        return {
          status: 200,
          body: { studentId: 3, finger: 'left-thumb', message: 'Fingerprint enrolled.' },
        };
      }
      if (call.path === '/students/3/fingerprint') {
        return {
          status: 200,
          body: {
            studentId: 3,
            enrolled,
            finger: enrolled ? 'left-thumb' : null,
            enrolledAt: enrolled ? '2026-11-26T10:00:00.000Z' : null,
            enrolledByName: enrolled ? 'Sara Al-Harbi' : null,
            abilities: { enrol: true, remove: enrolled },
          },
        };
      }
      return { status: 200, body: PROFILE };
    });
    renderEnrolPage();
    expect(await screen.findByText('No fingerprint is enrolled.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save fingerprint' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Left thumb' }));
    expect(screen.getByTestId('capture-progress').textContent).toBe('Capture 0 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Start the four captures' }));
    await waitFor(() => expect(screen.getByTestId('capture-progress').textContent).toBe('Capture 4 of 4'));
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(screen.getByTestId('enrolled-finger').textContent).toContain('Left thumb'));
    const sent = calls.find((call) => call.body)?.body as { finger: string; captures: string[] };
    expect(sent.finger).toBe('left-thumb');
    expect(sent.captures).toHaveLength(4);
    expect(sent.captures.every((sample) => sample.startsWith('dev1.demo-left-thumb.'))).toBe(true);
    // Enrolled now: the server says it may be removed.
    expect(screen.getByRole('button', { name: 'Remove fingerprint' })).toBeTruthy();
  });

  it('offers neither enrolment nor removal when the server grants neither', async () => {
    await i18next.changeLanguage('en');
    stubApi((call) =>
      call.path === '/students/3/fingerprint'
        ? {
            status: 200,
            body: {
              studentId: 3,
              enrolled: true,
              finger: 'left-thumb',
              enrolledAt: '2026-11-26T10:00:00.000Z',
              enrolledByName: 'Sara Al-Harbi',
              abilities: { enrol: false, remove: false },
            },
          }
        : { status: 200, body: PROFILE },
    );
    renderEnrolPage();
    await waitFor(() => expect(screen.getByTestId('enrolled-finger').textContent).toContain('Left thumb'));
    expect(screen.queryByRole('button', { name: 'Remove fingerprint' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save fingerprint' })).toBeNull();
  });

  it('says the development reader is in use, its title in the text colour (the alert’s yellow is too faint to read)', async () => {
    await i18next.changeLanguage('en');
    stubApi((call) =>
      call.path === '/students/3/fingerprint'
        ? {
            status: 200,
            body: {
              studentId: 3,
              enrolled: false,
              finger: null,
              enrolledAt: null,
              enrolledByName: null,
              abilities: { enrol: true, remove: false },
            },
          }
        : { status: 200, body: PROFILE },
    );
    renderEnrolPage();
    const title = await screen.findByText('Development reader');
    expect(title.closest('.mantine-Alert-title')).toHaveStyle({ color: 'var(--mantine-color-text)' });
    expect(
      screen.getByText(
        'No fingerprint service is set up on this computer: a development reader gives synthetic captures.',
      ),
    ).toBeTruthy();
  });
});
