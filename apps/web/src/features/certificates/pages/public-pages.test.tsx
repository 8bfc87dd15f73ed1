import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  type CertificateClaims,
  certificateClaimsBytes,
  certificateCode,
  toBase64Url,
} from '@tasreeh/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceSolved } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CertificateInquiryPage } from './inquiry-page.tsx';
import { VerifyPage } from './verify-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

/** Answers fetch by `answer` (a JSON body, or bytes as they are), keeping every address asked for and every request. */
function stubFetch(
  answer: (url: URL) => { status: number; body: unknown } | Response,
  requests: { url: URL; init: RequestInit | undefined }[] = [],
): URL[] {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (address: string, init?: RequestInit) => {
      const url = new URL(address, 'http://localhost');
      urls.push(url);
      requests.push({ url, init });
      const answered = answer(url);
      if (answered instanceof Response) return answered;
      return new Response(JSON.stringify(answered.body), {
        status: answered.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return urls;
}

function renderPage(page: React.ReactElement, path: string) {
  renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('CertificateInquiryPage', () => {
  it('sends the solved challenge with the number, shows masked results, and asks a new challenge for the next search', async () => {
    const urls = stubFetch((url) =>
      url.pathname.endsWith('/public/certificates')
        ? {
            status: 200,
            body: {
              items: [
                {
                  serial: 'CRT-000001',
                  maskedNameEn: 'M*** R***',
                  maskedNameAr: 'م*** ر***',
                  maskedIdNumber: '2*******01',
                  courseEn: 'Food safety',
                  courseAr: 'سلامة الغذاء',
                  issuedOn: '2026-11-26',
                  validUntil: '2027-11-26',
                  status: 'valid',
                },
              ],
            },
          }
        : { status: 404, body: {} },
    );
    renderPage(<CertificateInquiryPage />, '/certificate-inquiry');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Certificate number/ }), 'crt-000001');
    const search = screen.getByRole('button', { name: 'Search' });
    expect(search).toBeDisabled();
    announceSolved(screen.getByTestId('altcha-challenge'), 'solved-1');
    await waitFor(() => expect(search).toBeEnabled());
    await user.click(search);
    expect(await screen.findByText('M*** R***')).toBeInTheDocument();
    expect(screen.getByText('2*******01')).toBeInTheDocument();
    const asked = urls.find((url) => url.pathname.endsWith('/public/certificates'));
    expect(asked?.searchParams.get('number')).toBe('crt-000001');
    expect(asked?.searchParams.get('altcha')).toBe('solved-1');
    // The solution was spent: the button waits for the new widget's.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled());
  });
});

describe('VerifyPage', () => {
  const claims: CertificateClaims = {
    serial: 'CRT-000042',
    idNumber: '2123456701',
    nameEn: 'Mohammed Rahman',
    nameAr: 'محمد رحمن',
    courseEn: 'Food safety',
    courseAr: 'سلامة الغذاء',
    score: '86.67',
    issuedOn: '2026-11-26',
    validUntil: '2099-11-26',
  };

  /** A key pair of the test's own, standing for the centre's, and the code it signs for `claims`. */
  async function signed() {
    const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const publicKey = toBase64Url(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
    const bytes = certificateClaimsBytes(claims);
    const own = new Uint8Array(new ArrayBuffer(bytes.length));
    own.set(bytes);
    const signature = new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, own));
    return { publicKey, signature, code: certificateCode(bytes, signature) };
  }

  /**
   * The key, the online status check answering `status` (a body) or failing with it (a number),
   * and the holder's photo answering `photo` (bytes, or an error code with 404).
   */
  function serve(
    publicKey: string,
    status: { status: string; validUntil: string } | number,
    photo?: Uint8Array | 'CERTIFICATE_NO_PHOTO',
    requests?: { url: URL; init: RequestInit | undefined }[],
  ) {
    return stubFetch((url) => {
      if (url.pathname.endsWith('/public/certificate-key')) {
        return { status: 200, body: { algorithm: 'Ed25519', publicKey } };
      }
      if (url.pathname.endsWith('/public/certificates/status')) {
        return typeof status === 'number'
          ? { status, body: { code: 'TOO_MANY_REQUESTS', message: 'x' } }
          : { status: 200, body: status };
      }
      if (url.pathname.endsWith('/public/certificates/photo') && photo instanceof Uint8Array) {
        return new Response(new Uint8Array(photo), {
          status: 200,
          headers: { 'Content-Type': 'image/jpeg' },
        });
      }
      if (url.pathname.endsWith('/public/certificates/photo') && photo) {
        return { status: 404, body: { statusCode: 404, code: photo, message: 'No photo' } };
      }
      return { status: 404, body: {} };
    }, requests);
  }

  /** Object URLs for the fetched photo, as a browser makes them. */
  function stubObjectUrls() {
    const createObjectURL = vi.fn(() => 'blob:holder-photo');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    return createObjectURL;
  }

  it('checks the code in the address with the fetched key, keeps the key, asks the centre online, and refuses a forged one', async () => {
    const { publicKey, signature, code } = await signed();
    const urls = serve(publicKey, { status: 'valid', validUntil: claims.validUntil });
    window.location.hash = `c=${code}`;
    renderPage(<VerifyPage />, '/verify');
    const result = await screen.findByTestId('verify-result');
    await waitFor(() => expect(result).toHaveAttribute('data-result', 'valid'));
    expect(screen.getByText('محمد رحمن')).toBeInTheDocument();
    expect(screen.getByTestId('public-key')).toHaveTextContent(publicKey);
    expect(localStorage.getItem('tasreeh.certificate-key')).toBe(publicKey);
    await waitFor(() => expect(screen.getByTestId('verify-online')).toHaveAttribute('data-online', 'valid'));
    expect(screen.getByTestId('verify-online')).toHaveTextContent('Checked online: valid.');
    expect(urls.filter((url) => url.pathname.endsWith('/public/certificates/status'))).toHaveLength(1);

    const forged = `${toBase64Url(certificateClaimsBytes({ ...claims, score: '99.00' }))}.${toBase64Url(signature)}`;
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: /Code or address/ });
    await user.clear(field);
    await user.click(field);
    await user.paste(forged);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() =>
      expect(screen.getByTestId('verify-result')).toHaveAttribute('data-result', 'invalid'),
    );
    // A code the browser refuses is not sent to the server, and the earlier online answer is gone.
    expect(screen.queryByTestId('verify-online')).not.toBeInTheDocument();
    expect(urls.filter((url) => url.pathname.endsWith('/public/certificates/status'))).toHaveLength(1);
  });

  it("shows the holder's photo once the centre says online that the certificate is in force, asked for with the code in the body", async () => {
    const { publicKey, code } = await signed();
    const requests: { url: URL; init: RequestInit | undefined }[] = [];
    const createObjectURL = stubObjectUrls();
    serve(
      publicKey,
      { status: 'valid', validUntil: claims.validUntil },
      new Uint8Array([0xff, 0xd8, 0xff]),
      requests,
    );
    window.location.hash = `c=${code}`;
    renderPage(<VerifyPage />, '/verify');
    const photo = await screen.findByRole('img', {
      name: 'Photo of the holder, as the centre kept it at issue',
    });
    expect(photo).toHaveAttribute('src', 'blob:holder-photo');
    expect(createObjectURL).toHaveBeenCalled();
    const asked = requests.find(({ url }) => url.pathname.endsWith('/public/certificates/photo'));
    expect(asked?.init?.method).toBe('POST');
    expect(JSON.parse(String(asked?.init?.body))).toEqual({ code });
    // The code never travels in an address: it carries the holder's name and ID number.
    expect(asked?.url.search).toBe('');
  });

  it('says when a certificate in force has no photo', async () => {
    const { publicKey, code } = await signed();
    stubObjectUrls();
    serve(publicKey, { status: 'valid', validUntil: claims.validUntil }, 'CERTIFICATE_NO_PHOTO');
    window.location.hash = `c=${code}`;
    renderPage(<VerifyPage />, '/verify');
    expect(await screen.findByTestId('verify-no-photo')).toHaveTextContent(
      'The centre keeps no photo of the holder on this certificate.',
    );
    expect(screen.queryByRole('img', { name: /Photo of the holder/ })).not.toBeInTheDocument();
  });

  it('shows a certificate the centre revoked as revoked, though its signature is good, and asks for no photo', async () => {
    const { publicKey, code } = await signed();
    const requests: { url: URL; init: RequestInit | undefined }[] = [];
    serve(publicKey, { status: 'revoked', validUntil: claims.validUntil }, new Uint8Array([0xff]), requests);
    window.location.hash = `c=${code}`;
    renderPage(<VerifyPage />, '/verify');
    await waitFor(() =>
      expect(screen.getByTestId('verify-online')).toHaveAttribute('data-online', 'revoked'),
    );
    expect(screen.getByTestId('verify-online')).toHaveTextContent('Checked online: revoked.');
    // the genuine signature no longer reads as a valid certificate
    expect(screen.getByTestId('verify-result')).toHaveAttribute('data-result', 'valid');
    expect(screen.getByTestId('verify-result')).toHaveTextContent('Do not accept');
    expect(screen.getByTestId('verify-result')).not.toHaveTextContent('Valid certificate');
    expect(requests.some(({ url }) => url.pathname.endsWith('/public/certificates/photo'))).toBe(false);
    expect(screen.queryByTestId('verify-photo')).not.toBeInTheDocument();
  });

  it('says it could not check online when the server does not answer', async () => {
    const { publicKey, code } = await signed();
    serve(publicKey, 429);
    window.location.hash = `c=${code}`;
    renderPage(<VerifyPage />, '/verify');
    await waitFor(() => expect(screen.getByTestId('verify-online')).toHaveAttribute('data-online', 'failed'));
    expect(screen.getByTestId('verify-online')).toHaveTextContent(
      'Could not check online — the signature is valid; revocation not checked.',
    );
  });

  it('says the check was offline only when the browser has no network, and asks once it comes back', async () => {
    const { publicKey, code } = await signed();
    const urls = serve(publicKey, { status: 'valid', validUntil: claims.validUntil });
    localStorage.setItem('tasreeh.certificate-key', publicKey);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.location.hash = `c=${code}`;
    renderPage(<VerifyPage />, '/verify');
    await waitFor(() =>
      expect(screen.getByTestId('verify-online')).toHaveAttribute('data-online', 'offline'),
    );
    expect(screen.getByTestId('verify-online')).toHaveTextContent('Checked offline only');
    expect(screen.getByTestId('verify-result')).toHaveAttribute('data-result', 'valid');
    expect(urls.filter((url) => url.pathname.endsWith('/public/certificates/status'))).toHaveLength(0);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.getByTestId('verify-online')).toHaveAttribute('data-online', 'valid'));
    onLine.mockRestore();
  });
});
