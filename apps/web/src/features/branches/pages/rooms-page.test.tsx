import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Branch, Classroom } from '@tasreeh/shared';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { RoomsPage } from './rooms-page.tsx';

const BRANCH: Branch = {
  id: 4,
  nameEn: 'Riyadh — Olaya',
  nameAr: 'الرياض — العليا',
  code: 'RUH-01',
  type: 'main',
  region: 'SA-01',
  city: 'riyadh',
  baladiyaCode: null,
  civilDefenseCode: null,
  civilDefenseExpiry: null,
  crExpiry: null,
  rentAmount: null,
  rentDueDate: null,
  status: 'active',
  classroomCount: 2,
  seatCount: 40,
  abilities: { update: false, addClassroom: false },
};

const room = (id: number, name: string, abilities: Classroom['abilities']): Classroom => ({
  id,
  branchId: BRANCH.id,
  name,
  capacity: 20,
  abilities,
});

function renderRooms(branch: Branch, rooms: Classroom[]) {
  stubApi((call) => ({ status: 200, body: call.path.endsWith('/classrooms') ? rooms : branch }));
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/admin/branches/rooms/${branch.id}`]}>
        <Routes>
          <Route path="/admin/branches/rooms/:id" element={<RoomsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('RoomsPage', () => {
  beforeEach(async () => {
    await i18next.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows each room's actions as the branches policy sent them, and no add form without the ability", async () => {
    renderRooms(BRANCH, [
      room(1, 'Hall A', { updateClassroom: true, deleteClassroom: false }),
      room(2, 'Hall B', { updateClassroom: false, deleteClassroom: false }),
    ]);
    expect(await screen.findByText('Hall A')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Hall A' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Hall A' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Hall B' })).not.toBeInTheDocument();
    expect(screen.queryByText('New classroom')).not.toBeInTheDocument();
  });

  it('offers the add form when the branch says the caller may add a room', async () => {
    renderRooms({ ...BRANCH, abilities: { update: false, addClassroom: true } }, []);
    expect(await screen.findByText('New classroom')).toBeInTheDocument();
  });
});
