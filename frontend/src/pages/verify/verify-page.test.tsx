import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { jsonResponse, mockFetch, renderApp, sentBody } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const certificateFile = (body: unknown) => new File([JSON.stringify(body)], 'certificate.json', { type: 'application/json' });
const SIGNED = { certificate: { sessionId: 's1' }, signature: 'sig' };

async function upload(label: RegExp, file: File) {
  // The page is a lazy chunk: wait for it.
  await userEvent.setup().upload(await screen.findByLabelText(label), file);
}

describe('/verify', () => {
  it('checks a certificate file and says in plain words that it is genuine, and its state', async () => {
    const fetchMock = mockFetch({
      'POST /api/verify/certificate': () => jsonResponse({ signatureValid: true, keyId: 'k1', matchesRecord: true, state: { withdrawn: true, recordingDeleted: false } }),
    });
    renderApp(<AppRoutes />, { route: '/verify' });
    await upload(/Certificate file/, certificateFile(SIGNED));
    expect(await screen.findByText('This certificate is genuine and matches our record. The partner has since withdrawn their consent.')).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/verify/certificate')).toEqual(SIGNED);
  });

  it('says when a certificate was changed or not signed by us', async () => {
    mockFetch({ 'POST /api/verify/certificate': () => jsonResponse({ signatureValid: false, keyId: null, matchesRecord: false, state: null }) });
    renderApp(<AppRoutes />, { route: '/verify' });
    await upload(/Certificate file/, certificateFile(SIGNED));
    expect(await screen.findByText('This certificate was not signed by ConsentIQ, or it was changed after signing.')).toBeInTheDocument();
  });

  it('refuses a file that is not JSON without asking the server', async () => {
    const fetchMock = mockFetch({});
    renderApp(<AppRoutes />, { route: '/verify' });
    await upload(/Certificate file/, new File(['not json'], 'certificate.json', { type: 'application/json' }));
    expect(await screen.findByText('That file is not a certificate (JSON) file.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a recording as the raw body and tells whether it matches a record', async () => {
    const fetchMock = mockFetch({
      'POST /api/verify/recording': () => jsonResponse({ sha256: 'a'.repeat(64), matchesRecord: false, state: null }),
    });
    renderApp(<AppRoutes />, { route: '/verify' });
    const video = new File(['webm bytes'], 'consent.webm', { type: 'video/webm' });
    await upload(/Recording file/, video);
    expect(await screen.findByText('This recording does not match any ConsentIQ record.')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/api/verify/recording')!;
    expect(init?.body).toBe(video);
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/octet-stream' });
  });

  it('explains a recording that is too large', async () => {
    mockFetch({ 'POST /api/verify/recording': () => jsonResponse({ error: 'Recordings must be 50 MB or smaller', code: 'recording_too_large' }, 413) });
    renderApp(<AppRoutes />, { route: '/verify' });
    await upload(/Recording file/, new File(['x'], 'big.webm', { type: 'video/webm' }));
    expect(await screen.findByText('That file is too large to be a recording of ours.')).toBeInTheDocument();
  });
});
