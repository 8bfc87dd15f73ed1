import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StudentProfile } from '@tasreeh/shared';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { STORED_STUDENT } from '../student.fixture.ts';
import { StudentProfilePage } from './student-profile-page.tsx';

const STUDENT = STORED_STUDENT;

function renderProfile(abilities: StudentProfile['abilities']) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ ...STUDENT, abilities }))),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/students/profile/12']}>
        <Routes>
          <Route path="/admin/students/profile/:id" element={<StudentProfilePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StudentProfilePage', () => {
  it("shows each action the student's abilities allow, and only those", async () => {
    renderProfile({ edit: true, hold: false, transfer: true, remove: false });
    expect(await screen.findByRole('link', { name: 'Edit student' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Transfer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hold' })).not.toBeInTheDocument();
  });

  it('shows no action to a caller who may do nothing to the student', async () => {
    renderProfile({ edit: false, hold: false, transfer: false, remove: false });
    expect(await screen.findByRole('heading', { name: 'Amin Hussain' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit student' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Transfer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hold' })).not.toBeInTheDocument();
  });
});
