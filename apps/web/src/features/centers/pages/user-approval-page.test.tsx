import { ModalsProvider } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES } from '@tasreeh/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastStack } from '../../../app/toast-stack.tsx';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { VALID_CENTRE } from '../test-centre.ts';
import { UserApprovalPage } from './user-approval-page.tsx';

const PENDING = {
  ...VALID_CENTRE,
  id: 5,
  userId: 50,
  kind: 'training',
  status: 'pending',
  mobile: '+966551234567',
  crCopyFileId: null,
  licenceCopyFileId: null,
  rejectionReason: null,
  reviewedBy: null,
  reviewedAt: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  abilities: { edit: true, review: true },
};

const UPDATED = { en: MESSAGES.RECORDS_UPDATED.en, ar: MESSAGES.RECORDS_UPDATED.ar };

/**
 * The API of the approval screen, decided or not: once a decision is sent, the list comes back
 * without the centre at once, while its count waits until the test lets it answer (`answerCount`),
 * as a loaded server's does; the screen redraws the list before the refetch is over.
 */
function stubApi(): { sent: string[]; answerCount: () => void } {
  const sent: string[] = [];
  let decided = false;
  let answerCount: () => void = () => undefined;
  const countHeld = new Promise<void>((resolve) => {
    answerCount = resolve;
  });
  const json = (body: unknown) => new Response(JSON.stringify(body));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace(/^\/api/, '');
      const method = init?.method ?? 'GET';
      if (method === 'POST') {
        sent.push(path);
        decided = true;
        return json({ id: PENDING.id, message: i18next.language === 'ar' ? UPDATED.ar : UPDATED.en });
      }
      if (path.startsWith('/centers/count')) {
        if (decided) await countHeld;
        return json({ total: decided ? 0 : 1, capped: false });
      }
      if (path.startsWith('/centers')) return json({ items: decided ? [] : [PENDING], nextCursor: null });
      return json([]);
    }),
  );
  return { sent, answerCount };
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <ToastStack />
      <ModalsProvider>
        <MemoryRouter>
          <UserApprovalPage />
        </MemoryRouter>
      </ModalsProvider>
    </QueryClientProvider>,
  );
}

/** The toast, read as a screen reader finds it: a status inside a polite live region. */
async function expectStatusToast(text: string) {
  const toast = await waitFor(() => {
    const found = screen.getAllByRole('status').find((status) => status.textContent?.includes(text));
    if (!found) throw new Error(`no status says "${text}"`);
    return found;
  });
  expect(toast.closest('[aria-live="polite"]')).not.toBeNull();
}

beforeEach(() => {
  notifications.clean();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('UserApprovalPage', () => {
  it('shows "Records have been updated." after the approval dialog, although the row leaves the list first', async () => {
    const { sent, answerCount } = stubApi();
    renderPage();
    const row = (await screen.findByText(PENDING.nameEn)).closest('tr');
    if (!row) throw new Error('no row for the pending centre');
    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(screen.queryByText(PENDING.nameEn)).toBeNull());
    answerCount();
    await expectStatusToast(UPDATED.en);
    expect(sent).toEqual([`/centers/${PENDING.id}/approve`]);
  });

  it('shows it in Arabic after the rejection dialog, whose row and dialog leave with the decision', async () => {
    await act(() => i18next.changeLanguage('ar'));
    const { sent, answerCount } = stubApi();
    renderPage();
    const row = (await screen.findByText(PENDING.nameAr)).closest('tr');
    if (!row) throw new Error('no row for the pending centre');
    await userEvent.click(within(row).getByRole('button', { name: 'رفض' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'رقم الترخيص لا يطابق النسخة المرفقة.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'رفض التسجيل' }));

    await waitFor(() => expect(screen.queryByText(PENDING.nameAr)).toBeNull());
    answerCount();
    await expectStatusToast(UPDATED.ar);
    expect(sent).toEqual([`/centers/${PENDING.id}/reject`]);
  });
});
