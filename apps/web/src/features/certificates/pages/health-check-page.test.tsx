import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { allPrivileges, type Privilege } from '@tasreeh/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { callerAbilities } from '../../../test/signed-in-user.ts';
import { setCurrentUser } from '../../auth/current-user.ts';
import { HealthCheckPage } from './health-check-page.tsx';

const CERTIFICATE = {
  id: 5,
  serial: 'CRT-000005',
  studentId: 1,
  nameEn: 'Aisha Khan',
  nameAr: 'عائشة خان',
  idNumber: '2123456701',
  courseEn: 'Food safety',
  courseAr: 'سلامة الغذاء',
  score: '90.00',
  issuedOn: '2026-11-01',
  validUntil: '2027-11-01',
  status: 'valid',
  revokedAt: null,
  revokedReason: null,
  code: 'abc.def',
  reissueOf: null,
  reissuedAs: null,
  abilities: { revoke: true, reissue: true },
};
/** What the server says of a certificate no longer in force, or to a caller without edit_20. */
const NO_CHANGE = { revoke: false, reissue: false };

/** The certificate after a reissue, with its new number and the corrected name, and the one it replaced. */
const REISSUED = {
  ...CERTIFICATE,
  id: 6,
  serial: 'CRT-000006',
  nameEn: 'Aisha Khan Ahmed',
  reissueOf: { id: 5, serial: 'CRT-000005' },
};
const REPLACED = {
  ...CERTIFICATE,
  status: 'revoked',
  revokedAt: '2026-11-26T10:00:00.000Z',
  revokedReason: 'reissued',
  reissuedAs: { id: 6, serial: 'CRT-000006' },
  abilities: NO_CHANGE,
};

let requests: { method: string; path: string; body?: unknown; key: string | null }[] = [];
let reissued = false;

/** The API's answers; `mayChange` false: the server grants no revoke or reissue (no edit_20). */
function serve(mayChange = true) {
  requests = [];
  reissued = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const { pathname } = new URL(url, 'http://localhost');
      const headers = new Headers(init?.headers);
      requests.push({
        method: init?.method ?? 'GET',
        path: pathname.replace(/^\/api/, ''),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        key: headers.get('Idempotency-Key'),
      });
      if (pathname.endsWith('/reissue')) reissued = true;
      const body = pathname.endsWith('/revoke')
        ? {
            ...CERTIFICATE,
            status: 'revoked',
            revokedAt: '2026-11-26T10:00:00.000Z',
            revokedReason: 'Issued in error',
            abilities: NO_CHANGE,
            message: 'The certificate has been revoked.',
          }
        : pathname.endsWith('/reissue')
          ? {
              ...REISSUED,
              message: 'The certificate has been reissued with a new number. The old number is revoked.',
            }
          : {
              items: (reissued ? [REPLACED, REISSUED] : [CERTIFICATE]).map((item) =>
                mayChange ? item : { ...item, abilities: NO_CHANGE },
              ),
            };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

function signIn(privileges: Privilege[]) {
  setCurrentUser({
    userId: 1,
    name: 'Admin',
    type: 'super admin',
    privileges,
    changePassword: false,
    abilities: callerAbilities(),
  });
}

async function search(
  user: ReturnType<typeof userEvent.setup>,
  labels = { number: 'Certificate number', search: 'Search' },
) {
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/admin/health-check']}>
        <HealthCheckPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await user.type(screen.getByRole('textbox', { name: labels.number }), 'CRT-000005');
  await user.click(screen.getByRole('button', { name: labels.search }));
  await screen.findByText('CRT-000005');
}

afterEach(async () => {
  vi.unstubAllGlobals();
  setCurrentUser(null);
  await i18next.changeLanguage('en');
});

describe('HealthCheckPage: revoking a certificate', () => {
  it('asks a reason of 3 characters or more, then revokes and shows the certificate revoked with its reason', async () => {
    serve();
    signIn(allPrivileges());
    const user = userEvent.setup();
    await search(user);

    await user.click(screen.getByRole('button', { name: 'Revoke CRT-000005' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke certificate CRT-000005' });
    expect(dialog).toHaveTextContent('Aisha Khan');
    const submit = within(dialog).getByRole('button', { name: 'Revoke certificate' });
    await user.click(submit);
    expect(await within(dialog).findByText('Please enter the reason.')).toBeInTheDocument();
    const reason = within(dialog).getByRole('textbox', { name: /Reason for revoking/ });
    await user.type(reason, ' ab ');
    await user.click(submit);
    expect(
      await within(dialog).findByText('Please enter the reason in at least 3 characters.'),
    ).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    await user.clear(reason);
    await user.type(reason, '  Issued in error ');
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts).toEqual([
      {
        method: 'POST',
        path: '/certificates/5/revoke',
        body: { reason: 'Issued in error' },
        key: expect.any(String),
      },
    ]);
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(screen.getByTestId('revoked-reason-5')).toHaveTextContent('Reason: Issued in error');
    // A revoked certificate offers no second revoke.
    expect(screen.queryByRole('button', { name: 'Revoke CRT-000005' })).toBeNull();
  });

  it('shows no Revoke or Reissue button when the server grants neither (no health-check edit, edit_20)', async () => {
    serve(false);
    signIn([{ id: 20, read: true, create: false, edit: false, delete: false }]);
    const user = userEvent.setup();
    await search(user);
    expect(screen.getByRole('button', { name: 'Download PDF CRT-000005' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reissue/ })).toBeNull();
  });

  it('reissues a certificate after a confirmation with a reason, then lists the new number beside the replaced one', async () => {
    serve();
    signIn(allPrivileges());
    const user = userEvent.setup();
    await search(user);

    await user.click(screen.getByRole('button', { name: 'Reissue CRT-000005' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reissue certificate CRT-000005' });
    expect(dialog).toHaveTextContent('Aisha Khan');
    expect(dialog).toHaveTextContent("from the holder's profile as it is now");
    const submit = within(dialog).getByRole('button', { name: 'Reissue certificate' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason for reissuing/ }), 'ab');
    await user.click(submit);
    expect(
      await within(dialog).findByText('Please enter the reason in at least 3 characters.'),
    ).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason for reissuing/ }),
      'c name corrected',
    );
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/certificates/5/reissue',
        body: { reason: 'abc name corrected' },
        key: expect.any(String),
      },
    ]);
    expect(await screen.findByTestId('reissue-5')).toHaveTextContent('Reissued as CRT-000006');
    expect(screen.getByTestId('reissue-6')).toHaveTextContent('Reissue of CRT-000005');
    expect(screen.getByText('Aisha Khan Ahmed')).toBeInTheDocument();
    // The stored reason "reissued" is not shown as if staff had written it.
    expect(screen.queryByTestId('revoked-reason-5')).toBeNull();
    // The replaced certificate offers nothing more; the new one can be reissued or revoked in its turn.
    expect(screen.queryByRole('button', { name: 'Reissue CRT-000005' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reissue CRT-000006' })).toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    await i18next.changeLanguage('ar');
    serve();
    signIn(allPrivileges());
    const user = userEvent.setup();
    await search(user, { number: 'رقم الشهادة', search: 'بحث' });
    await user.click(screen.getByRole('button', { name: 'إلغاء CRT-000005' }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء الشهادة CRT-000005' });
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء الشهادة' }));
    expect(await within(dialog).findByText('يرجى إدخال السبب.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'إعادة إصدار CRT-000005' }));
    const reissue = await screen.findByRole('dialog', { name: 'إعادة إصدار الشهادة CRT-000005' });
    expect(reissue).toHaveTextContent('تأخذ الشهادة الجديدة الاسم ورقم الهوية والصورة');
    expect(within(reissue).getByRole('textbox', { name: /سبب إعادة الإصدار/ })).toBeInTheDocument();
  });
});
