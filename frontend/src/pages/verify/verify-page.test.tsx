import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { jsonResponse, mockFetch, renderApp } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const certificateFile = (body: unknown) =>
  new File([JSON.stringify(body)], 'certificate.json', { type: 'application/json' });
const SIGNED = { certificate: { sessionId: 's1' }, signature: 'sig' };

/** The body the page sent to /api/verify/certificate, as text. */
async function sentText(fetchMock: ReturnType<typeof mockFetch>): Promise<string> {
  const [, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/api/verify/certificate')!;
  // jsdom's Blob has no text(): read it as the page reads a file.
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(init?.body as Blob);
  });
}

async function upload(label: RegExp, file: File) {
  // The page is a lazy chunk: wait for it.
  await userEvent.setup().upload(await screen.findByLabelText(label), file);
}

describe('/verify', () => {
  it('checks a certificate file and says in plain words that it is genuine, and its state', async () => {
    const fetchMock = mockFetch({
      'POST /api/verify/certificate': () =>
        jsonResponse({
          signatureValid: true,
          keyId: 'k1',
          matchesRecord: true,
          state: { withdrawn: true, recordingDeleted: false },
          reason: null,
        }),
    });
    renderApp(<AppRoutes />, { route: '/verify' });
    await upload(/Certificate file/, certificateFile(SIGNED));
    expect(
      await screen.findByText(
        'This certificate is genuine and matches our record. The partner has since withdrawn their consent.',
      ),
    ).toBeInTheDocument();
    expect(await sentText(fetchMock)).toBe(JSON.stringify(SIGNED));
  });

  it('sends the file as written, so a field written twice reaches the check, and says why it is not valid', async () => {
    const fetchMock = mockFetch({
      'POST /api/verify/certificate': () =>
        jsonResponse({
          signatureValid: false,
          keyId: 'k1',
          matchesRecord: false,
          state: null,
          reason: 'duplicate_key',
        }),
    });
    renderApp(<AppRoutes />, { route: '/verify' });
    const text = '{"certificate":{"sessionId":"s1","sessionId":"s2"},"signature":"sig"}';
    await upload(/Certificate file/, new File([text], 'certificate.json', { type: 'application/json' }));
    expect(
      await screen.findByText('This certificate file is not valid: a field appears twice in it.'),
    ).toBeInTheDocument();
    expect(await sentText(fetchMock)).toBe(text);
  });

  it('says when a certificate was changed or not signed by us', async () => {
    mockFetch({
      'POST /api/verify/certificate': () =>
        jsonResponse({ signatureValid: false, keyId: null, matchesRecord: false, state: null, reason: 'unknown_key' }),
    });
    renderApp(<AppRoutes />, { route: '/verify' });
    await upload(/Certificate file/, certificateFile(SIGNED));
    expect(
      await screen.findByText('This certificate was not signed by ConsentIQ, or it was changed after signing.'),
    ).toBeInTheDocument();
  });

  it('refuses a file that is not JSON without asking the server', async () => {
    const fetchMock = mockFetch({});
    renderApp(<AppRoutes />, { route: '/verify' });
    await upload(/Certificate file/, new File(['not json'], 'certificate.json', { type: 'application/json' }));
    expect(await screen.findByText('That file is not a certificate (PDF or JSON) file.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a certificate PDF as it is, for the server to read the certificate it carries', async () => {
    const fetchMock = mockFetch({
      'POST /api/verify/certificate.pdf': () =>
        jsonResponse({
          signatureValid: true,
          keyId: 'k1',
          matchesRecord: true,
          state: { withdrawn: false, recordingDeleted: false },
          reason: null,
        }),
    });
    renderApp(<AppRoutes />, { route: '/verify' });
    // Known by its bytes: a phone may hand it over with no type.
    const pdf = new File(['%PDF-1.7\n%binary'], 'consentiq-certificate.pdf', { type: '' });
    await upload(/Certificate file/, pdf);
    expect(
      await screen.findByText('This certificate is genuine and matches our record. Consent has not been withdrawn.'),
    ).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/api/verify/certificate.pdf')!;
    expect(init?.body).toBe(pdf);
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/verify/certificate')).toBe(false);
  });

  it('says plainly when a PDF carries no certificate', async () => {
    mockFetch({
      'POST /api/verify/certificate.pdf': () =>
        jsonResponse(
          {
            error: 'This file is not a ConsentIQ certificate PDF: it carries no certificate',
            code: 'no_certificate_in_pdf',
          },
          422,
        ),
    });
    renderApp(<AppRoutes />, { route: '/verify' });
    await upload(/Certificate file/, new File(['%PDF-1.4 a letter'], 'letter.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('That file is not a ConsentIQ certificate.')).toBeInTheDocument();
  });

  it('sends a recording as the raw body and tells whether it matches a record', async () => {
    const fetchMock = mockFetch({
      'POST /api/verify/recording': () => jsonResponse({ sha256: 'a'.repeat(64), matchesRecord: false, matches: [] }),
    });
    renderApp(<AppRoutes />, { route: '/verify' });
    const video = new File(['webm bytes'], 'consent.webm', { type: 'video/webm' });
    await upload(/Recording file/, video);
    expect(await screen.findByText('This recording does not match any ConsentIQ record.')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/api/verify/recording')!;
    expect(init?.body).toBe(video);
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/octet-stream' });
  });

  it('names every record a recording matches, with the state of each', async () => {
    const state = { withdrawn: false, recordingDeleted: false };
    mockFetch({
      'POST /api/verify/recording': () =>
        jsonResponse({
          sha256: 'a'.repeat(64),
          matchesRecord: true,
          matches: [
            { sessionId: 's-1', state },
            { sessionId: 's-2', state: { ...state, withdrawn: true } },
          ],
        }),
    });
    renderApp(<AppRoutes />, { route: '/verify' });
    await upload(/Recording file/, new File(['webm bytes'], 'consent.webm', { type: 'video/webm' }));
    expect(
      await screen.findByText(
        'This recording matches 2 ConsentIQ records. Session s-1: Consent has not been withdrawn. Session s-2: The partner has since withdrawn their consent.',
      ),
    ).toBeInTheDocument();
  });

  it('explains a recording that is too large', async () => {
    mockFetch({
      'POST /api/verify/recording': () =>
        jsonResponse({ error: 'Recordings must be 50 MB or smaller', code: 'recording_too_large' }, 413),
    });
    renderApp(<AppRoutes />, { route: '/verify' });
    await upload(/Recording file/, new File(['x'], 'big.webm', { type: 'video/webm' }));
    expect(await screen.findByText('That file is too large to be a recording of ours.')).toBeInTheDocument();
  });
});
