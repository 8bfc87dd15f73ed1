import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES, type SessionFormOptions } from '@tasreeh/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { type StubAnswer, type StubCall, stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SessionForm, type SessionValues } from './session-form-page.tsx';

const OPTIONS: SessionFormOptions = {
  branches: [{ id: 2, nameEn: 'Jeddah', nameAr: 'جدة', rooms: [{ id: 3, name: 'Hall 2', capacity: 20 }] }],
  courses: [{ id: 1, nameEn: 'Food Safety', nameAr: 'سلامة الغذاء', language: 'ar', hasExam: true }],
  instructors: [],
  examiners: [{ id: 7, nameEn: 'Sara', nameAr: 'سارة' }],
};

/** An exam session's form filled in, In Person in Hall 2; the delivery's own fields as each test sets them. */
const FILLED: SessionValues = {
  courseId: '1',
  branchId: '2',
  delivery: 'in_person',
  classroomId: '3',
  capacity: '',
  language: 'ar',
  examType: 'Assessment',
  date: '2031-03-03',
  startTime: '09:00',
  endTime: '12:00',
  repeatWeeklyUntil: '',
  staffId: '7',
  scope: '',
};

const SAVED: StubAnswer = { status: 201, body: { ids: [41], seriesId: null, message: 'Saved' } };

function renderForm({
  id,
  initial = FILLED,
  seatsTaken,
  answer = () => SAVED,
}: {
  id?: string;
  initial?: SessionValues;
  seatsTaken?: number;
  answer?: (call: StubCall) => StubAnswer;
}) {
  const calls = stubApi(answer);
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin/add-exam']}>
        <Routes>
          <Route
            path="/admin/add-exam"
            element={
              <SessionForm kind="exam" id={id} options={OPTIONS} initial={initial} seatsTaken={seatsTaken} />
            }
          />
          <Route path="/admin/view-exam/:id" element={<p>Saved session</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });

beforeEach(async () => {
  await i18next.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('the exam session form', () => {
  it('offers In Person with its classroom, and sends the classroom with the delivery', async () => {
    const calls = renderForm({});
    const delivery = screen.getByRole('radiogroup', { name: /Delivery/ });
    expect(within(delivery).getByRole('radio', { name: 'In Person' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: /Classroom/ })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Seats/ })).not.toBeInTheDocument();

    await userEvent.click(saveButton());
    expect(await screen.findByText('Saved session')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe('/sessions/exam');
    expect(calls[0]?.body).toEqual({
      courseId: '1',
      branchId: '2',
      language: 'ar',
      date: '2031-03-03',
      startTime: '09:00',
      endTime: '12:00',
      delivery: 'in_person',
      classroomId: '3',
      examType: 'Assessment',
      examinerId: '7',
    });
  });

  it('hides the classroom for Remote, requires whole seats by the API’s rule, and sends the delivery with its seats', async () => {
    const calls = renderForm({});
    await userEvent.click(screen.getByRole('radio', { name: 'Remote' }));
    expect(screen.queryByRole('combobox', { name: /Classroom/ })).not.toBeInTheDocument();
    const seats = screen.getByRole('textbox', { name: /Seats/ });

    await userEvent.click(saveButton());
    expect(await screen.findByText(MESSAGES.CAPACITY_INVALID.en)).toBeInTheDocument();
    await userEvent.type(seats, '501');
    await userEvent.click(saveButton());
    expect(screen.getByText(MESSAGES.CAPACITY_INVALID.en)).toBeInTheDocument();
    await userEvent.type(seats, '1');
    await userEvent.click(saveButton());
    expect(seats).toHaveAccessibleDescription(MESSAGES.CAPACITY_INVALID.en);
    expect(calls).toHaveLength(0);

    await userEvent.clear(seats);
    await userEvent.type(seats, '٢٥');
    await userEvent.click(saveButton());
    expect(await screen.findByText('Saved session')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ delivery: 'remote', capacity: 25, examinerId: '7' });
    expect(calls[0]?.body).not.toHaveProperty('classroomId');
  });

  it('keeps a Remote session Remote when edited, and shows the API’s refusal of fewer seats than are booked', async () => {
    const calls = renderForm({
      id: '41',
      initial: { ...FILLED, delivery: 'remote', classroomId: '', capacity: '30' },
      seatsTaken: 12,
      answer: () => ({
        status: 409,
        body: {
          statusCode: 409,
          code: 'CAPACITY_BELOW_BOOKED',
          message: 'The capacity cannot be less than the 12 seats already booked.',
          params: { count: 12 },
          fields: { capacity: 'CAPACITY_BELOW_BOOKED' },
        },
      }),
    });
    expect(screen.getByRole('radio', { name: 'Remote' })).toBeChecked();
    const seats = screen.getByRole('textbox', { name: /Seats/ });
    expect(seats).toHaveValue('30');
    expect(screen.getByText('Seats already booked: 12')).toBeInTheDocument();

    await userEvent.clear(seats);
    await userEvent.type(seats, '10');
    await userEvent.click(saveButton());
    const refusal = 'The capacity cannot be less than the 12 seats already booked.';
    expect(await screen.findByTestId('session-form-error')).toHaveTextContent(refusal);
    expect(seats).toHaveAccessibleDescription(`${refusal} Seats already booked: 12`);
    expect(calls[0]?.path).toBe('/sessions/exam/41');
    expect(calls[0]?.body).toMatchObject({ delivery: 'remote', capacity: 10 });
  });

  it('asks for the delivery in Arabic', async () => {
    await i18next.changeLanguage('ar');
    renderForm({});
    const delivery = screen.getByRole('radiogroup', { name: /طريقة الحضور/ });
    await userEvent.click(within(delivery).getByRole('radio', { name: 'عن بعد' }));
    expect(screen.getByRole('textbox', { name: /عدد المقاعد/ })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /القاعة/ })).not.toBeInTheDocument();
  });
});
