import type { Receipt } from '@app/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { jsonResponse, mockFetch, renderApp } from '@/test/render';

const ID = '6f1c2b9e-8a51-4c3e-9d2a-0b1c2d3e4f5a';
const SECRET = 'Zk2bq0l3sV1mY4u8o7rT5wQ9xN6cE2aB1dF3gH4jK5L';
const RECEIPT = `GET /api/receipts/${ID}`;

function receipt(overrides: Partial<Receipt> = {}): Receipt {
  return {
    id: ID,
    reference: 'ciq-abc-def',
    initiatorFirstName: 'Alex',
    recordedAt: '2026-11-26T10:00:30.000Z',
    answer: 'yes',
    verdict: { outcome: 'granted', reasons: ['consent_affirmed'], decidedAt: '2026-11-26T10:01:00.000Z' },
    transcript: 'my name is jordan and i consent',
    recordingSha256: 'ab'.repeat(32),
    recordingAvailable: true,
    withdrawnAt: null,
    withdrawable: true,
    recordingDeletedAt: null,
    ...overrides,
  };
}

const secretOf = (init: RequestInit | undefined) =>
  (init?.headers as Record<string, string> | undefined)?.['X-Receipt-Secret'];

describe('the receipt page (/r/{id}#{secret})', () => {
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:recording'), revokeObjectURL: vi.fn() });
  });

  it('reads the secret from the fragment, sends it as a header and shows the record', async () => {
    const fetchMock = mockFetch({
      [RECEIPT]: (init) =>
        secretOf(init) === SECRET
          ? jsonResponse(receipt())
          : jsonResponse({ error: 'This receipt link is invalid.', code: 'receipt_not_found' }, 404),
    });
    renderApp(<AppRoutes />, { route: `/r/${ID}#${SECRET}` });

    expect(await screen.findByRole('heading', { name: 'Your consent receipt' })).toBeInTheDocument();
    expect(screen.getByText('“my name is jordan and i consent”')).toBeInTheDocument();
    expect(screen.getByText('ab'.repeat(32))).toBeInTheDocument();
    expect(screen.getByText(/Consent granted/)).toBeInTheDocument();
    // Its reasons in words, never as codes.
    expect(screen.getByText('Consent was stated clearly in the recording.')).toBeInTheDocument();
    expect(screen.queryByText(/consent.affirmed/)).not.toBeInTheDocument();
    expect(screen.getByText('You can withdraw your consent at any time.')).toBeInTheDocument();
    // The secret never travels in a URL.
    for (const [input] of fetchMock.mock.calls) expect(String(input)).not.toContain(SECRET);
  });

  it('says the link is invalid without a secret, and for any refusal', async () => {
    const fetchMock = mockFetch({});
    renderApp(<AppRoutes />, { route: `/r/${ID}` });
    expect(await screen.findByRole('heading', { name: 'Receipt Not Found' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/receipts'))).toBe(false);

    mockFetch({
      [RECEIPT]: () => jsonResponse({ error: 'This receipt link is invalid.', code: 'receipt_not_found' }, 404),
    });
    renderApp(<AppRoutes />, { route: `/r/${ID}#wrong` });
    expect(await screen.findAllByText('This receipt link is invalid.')).not.toHaveLength(0);
  });

  it('withdraws with one tap and a confirmation', async () => {
    const withdraw = vi.fn((init: RequestInit | undefined) =>
      jsonResponse(
        secretOf(init) === SECRET ? receipt({ withdrawnAt: '2026-11-26T11:00:00.000Z', withdrawable: false }) : {},
        200,
      ),
    );
    mockFetch({ [RECEIPT]: () => jsonResponse(receipt()), [`POST /api/receipts/${ID}/withdraw`]: withdraw });
    renderApp(<AppRoutes />, { route: `/r/${ID}#${SECRET}` });
    const u = userEvent.setup();

    await u.click(await screen.findByRole('button', { name: 'Withdraw my consent' }));
    expect(withdraw).not.toHaveBeenCalled();
    await u.click(screen.getByRole('button', { name: 'Yes, withdraw my consent' }));
    expect(await screen.findByText(/You withdrew your consent on/)).toBeInTheDocument();
    expect(withdraw).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Withdraw my consent' })).not.toBeInTheDocument();
    // The promise goes with the button: after a withdrawal there is nothing left to withdraw.
    expect(screen.queryByText('You can withdraw your consent at any time.')).not.toBeInTheDocument();
  });

  it('plays the recording from a blob fetched with the secret, and deletes it on request', async () => {
    const recording = vi.fn(
      (init: RequestInit | undefined) =>
        new Response(new Blob([new Uint8Array(8)], { type: 'video/webm' }), {
          status: secretOf(init) === SECRET ? 200 : 404,
        }),
    );
    const deletion = vi.fn(() =>
      jsonResponse(receipt({ recordingAvailable: false, recordingDeletedAt: '2026-11-26T11:05:00.000Z' })),
    );
    mockFetch({
      [RECEIPT]: () => jsonResponse(receipt()),
      [`GET /api/receipts/${ID}/recording`]: recording,
      [`POST /api/receipts/${ID}/delete-recording`]: deletion,
    });
    const { container } = renderApp(<AppRoutes />, { route: `/r/${ID}#${SECRET}` });
    const u = userEvent.setup();

    await u.click(await screen.findByRole('button', { name: 'Play my recording' }));
    await waitFor(() => expect(container.querySelector('video')?.getAttribute('src')).toBe('blob:recording'));
    expect(recording).toHaveBeenCalledTimes(1);

    await u.click(screen.getByRole('button', { name: 'Delete my recording' }));
    await u.click(screen.getByRole('button', { name: 'Yes, delete my recording' }));
    expect(await screen.findByText('Recording deleted')).toBeInTheDocument();
    expect(deletion).toHaveBeenCalledTimes(1);
    expect(container.querySelector('video')).toBeNull();
    expect(screen.getByText('ab'.repeat(32))).toBeInTheDocument();
  });
  it('saves the certificate as PDF and JSON, fetched with the secret header', async () => {
    const pdf = vi.fn(
      (init: RequestInit | undefined) =>
        new Response(new Blob(['%PDF-'], { type: 'application/pdf' }), {
          status: secretOf(init) === SECRET ? 200 : 404,
        }),
    );
    const json = vi.fn((init: RequestInit | undefined) =>
      jsonResponse(
        secretOf(init) === SECRET ? { certificate: {}, signature: 'x' } : {},
        secretOf(init) === SECRET ? 200 : 404,
      ),
    );
    const fetchMock = mockFetch({
      [RECEIPT]: () => jsonResponse(receipt()),
      [`GET /api/receipts/${ID}/certificate.pdf`]: pdf,
      [`GET /api/receipts/${ID}/certificate`]: json,
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp(<AppRoutes />, { route: `/r/${ID}#${SECRET}` });
    const u = userEvent.setup();

    await u.click(await screen.findByRole('button', { name: 'Certificate (PDF)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(pdf).toHaveBeenCalledTimes(1);
    expect(secretOf(pdf.mock.calls[0][0])).toBe(SECRET);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('consentiq-certificate-ciq-abc-def.pdf');
    expect((click.mock.contexts[0] as HTMLAnchorElement).href).toBe('blob:recording');

    await u.click(screen.getByRole('button', { name: 'Certificate (JSON)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(secretOf(json.mock.calls[0][0])).toBe(SECRET);
    expect((click.mock.contexts[1] as HTMLAnchorElement).download).toBe('consentiq-certificate-ciq-abc-def.json');
    expect(URL.revokeObjectURL).toHaveBeenCalledTimes(2);
    // The secret never travels in a URL.
    for (const [input] of fetchMock.mock.calls) expect(String(input)).not.toContain(SECRET);
    click.mockRestore();
  });

  it('says a No pressed in words, that nothing was recorded, and promises no withdrawal there is nothing to withdraw', async () => {
    const declined = receipt({
      answer: 'no',
      verdict: { outcome: 'denied', reasons: ['pressed_no'], decidedAt: '2026-11-26T10:01:00.000Z' },
      transcript: null,
      recordingSha256: null,
      recordingAvailable: false,
      withdrawable: false,
    });
    mockFetch({ [RECEIPT]: () => jsonResponse(declined) });
    renderApp(<AppRoutes />, { route: `/r/${ID}#${SECRET}` });
    expect(await screen.findByText('The partner answered No.')).toBeInTheDocument();
    expect(screen.getByText('None: nothing was recorded')).toBeInTheDocument();
    expect(screen.queryByText(/pressed.no/)).not.toBeInTheDocument();
    expect(screen.queryByText('You can withdraw your consent at any time.')).not.toBeInTheDocument();
  });

  it('offers no certificate when the analysis failed, and says when a download fails', async () => {
    mockFetch({
      [RECEIPT]: () =>
        jsonResponse(receipt({ verdict: { outcome: 'failed', reasons: [], decidedAt: '2026-11-26T10:01:00.000Z' } })),
    });
    renderApp(<AppRoutes />, { route: `/r/${ID}#${SECRET}` });
    expect(await screen.findByText(/could not be analysed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Certificate (PDF)' })).not.toBeInTheDocument();

    mockFetch({
      [RECEIPT]: () => jsonResponse(receipt()),
      [`GET /api/receipts/${ID}/certificate`]: () => jsonResponse({ error: 'x', code: 'certificate_not_found' }, 404),
    });
    renderApp(<AppRoutes />, { route: `/r/${ID}#${SECRET}` });
    await userEvent.setup().click((await screen.findAllByRole('button', { name: 'Certificate (JSON)' })).at(-1)!);
    expect(await screen.findByRole('alert')).toHaveTextContent('The certificate could not be downloaded');
  });
});
