import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { setSignInHint } from '@/lib/auth/sign-in-hint';
import { testSession } from '@/test/consent-session';
import { jsonResponse, mockFetch, renderApp, testUser } from '@/test/render';

const FORM = '/consent/form/ciq-server-1?token=secret-token';
const QR_PATH = 'GET /api/consent/sessions/qr/ciq-server-1';

/** A browser that could record, so only the sign-in decides what the page offers. */
function stubCamera() {
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: vi.fn() }, configurable: true });
  vi.stubGlobal(
    'MediaRecorder',
    class {
      static isTypeSupported = (type: string) => type === 'video/webm';
    },
  );
}

/** A browser where a member signed in (the page asks who only then). */
function openSignedIn(userId: string) {
  stubCamera();
  setSignInHint(true);
  mockFetch({
    [QR_PATH]: () =>
      jsonResponse(
        testSession({ initiatorUserId: 'u1', initiator: { fullName: 'Alex Doe', profile_picture_url: null } }),
      ),
    'GET /api/auth/me': () =>
      jsonResponse(testUser({ id: userId, fullName: userId === 'u1' ? 'Alex Doe' : 'Sam Roe' })),
  });
  renderApp(<AppRoutes />, { route: FORM });
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe("/consent/form in the member's own browser", () => {
  it('says the partner answers on their own phone and offers nothing to fill in or record', async () => {
    openSignedIn('u1');
    // The sign-in is looked up a moment after the page opens, and this screen's code loads when reached.
    const sentence = await screen.findByText(
      'This phone is signed in as Alex. Your partner answers on their own phone.',
    );
    expect(sentence).toBeInTheDocument();
    expect(screen.queryByLabelText('Your name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /continue|record|yes|no/i })).not.toBeInTheDocument();
  });

  it('shows the form to anyone else, another member signed in included', async () => {
    openSignedIn('u2');
    expect(await screen.findByLabelText('Your name')).toBeInTheDocument();
    expect(screen.queryByText(/This phone is signed in as/)).not.toBeInTheDocument();
  });
});
