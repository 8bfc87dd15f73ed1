import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StudentProfile } from '@tasreeh/shared';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { StudentProfilePage } from './student-profile-page.tsx';

const STUDENT: StudentProfile = {
  id: 12,
  userId: 70,
  nameEn: 'Amin Hussain',
  nameAr: 'أمين حسين',
  idType: 'passport',
  idNumber: 'BD0000001',
  phone: '+966583000001',
  email: 'amin@example.com',
  nationality: 'BD',
  branch: { id: 3, code: 'RUH-01', nameEn: 'Riyadh', nameAr: 'الرياض' },
  corporate: null,
  onHold: false,
  hasPhoto: false,
  fingerprintEnrolled: false,
  createdAt: '2026-11-01T09:00:00.000Z',
  dateOfBirth: '1990-07-01',
  gender: 'male',
  region: 'SA-01',
  city: 'riyadh',
  idExpiry: null,
  idIssueSource: null,
  classification: null,
  occupation: 'Baker',
  occupationInIqama: null,
  passportNumber: null,
  computerNumber: null,
  education: null,
  holdReason: null,
  photoFileId: null,
  idCopyFileId: null,
  abilities: { edit: true, hold: true, transfer: true, remove: false },
};

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
