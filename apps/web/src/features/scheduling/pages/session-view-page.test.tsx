import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SessionDetail } from '@tasreeh/shared';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SessionViewPage } from './session-view-page.tsx';

const named = (id: number, nameEn: string, nameAr: string) => ({ id, nameEn, nameAr });

const SESSION: SessionDetail = {
  id: 5,
  kind: 'exam',
  courseId: 1,
  course: named(1, 'Food Safety', 'سلامة الغذاء'),
  branchId: 2,
  branch: named(2, 'Jeddah', 'جدة'),
  classroomId: 3,
  room: { id: 3, name: 'Hall 2' },
  delivery: 'in_person',
  language: 'ar',
  examType: 'Assessment',
  startsAt: '2031-03-03T06:00:00Z',
  endsAt: '2031-03-03T09:00:00Z',
  capacity: 20,
  seatsLeft: 12,
  staff: named(7, 'Sara', 'سارة'),
  status: 'scheduled',
  seriesId: null,
  seatsTaken: 8,
  abilities: { edit: false, cancel: false, book: false },
};

function renderView(session: SessionDetail) {
  stubApi(() => ({ status: 200, body: session }));
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/admin/view-exam/${session.id}`]}>
        <Routes>
          <Route path="/admin/view-exam/:id" element={<SessionViewPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SessionViewPage', () => {
  beforeEach(async () => {
    await i18next.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names the classroom of an in-person session', async () => {
    renderView(SESSION);
    expect(await screen.findByText('Hall 2')).toBeInTheDocument();
    expect(screen.getByText('Classroom')).toBeInTheDocument();
  });

  it('says Remote once for a Remote session, with no classroom line', async () => {
    renderView({ ...SESSION, delivery: 'remote', classroomId: null, room: null });
    expect(await screen.findByText('Remote')).toBeInTheDocument();
    expect(screen.queryByText('Classroom')).not.toBeInTheDocument();
  });
});
