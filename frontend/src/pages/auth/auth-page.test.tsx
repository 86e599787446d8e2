import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast } from '@/components/ui/use-toast';
import { AUTH_TOKEN_KEY } from '@/lib/auth/auth-token';
import { setSignInHint } from '@/lib/auth/sign-in-hint';
import AuthPage from '@/pages/auth/auth-page';
import { jsonResponse, mockFetch, renderApp, sentBody } from '@/test/render';

const user = {
  id: 'u1',
  username: 'alex@example.com',
  fullName: 'Alex Doe',
  phoneNumber: '+15551234567',
  profile_picture_url: '/api/media/profile-pictures/x.webp',
  subscriptionStatus: 'inactive',
  accountDeletionDate: null,
};

const signedOut = { 'GET /api/auth/me': () => new Response('{"error":"Unauthorized"}', { status: 401 }) };

function renderAuth(route: '/register' | '/login' | `/register?${string}` | `/login?${string}`) {
  return renderApp(<AuthPage />, { route, path: route.split('?')[0] });
}

async function pickPicture(u: ReturnType<typeof userEvent.setup>) {
  const file = new File(['\x89PNG fake'], 'me.png', { type: 'image/png' });
  await u.upload(screen.getByLabelText('Profile picture'), file);
  return screen.findByAltText('Profile picture preview');
}

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('register form', () => {
  it('shows every validation message for bad input', async () => {
    mockFetch(signedOut);
    const u = userEvent.setup();
    renderAuth('/register');

    await u.type(screen.getByLabelText('Full name'), 'A');
    await u.type(screen.getByLabelText('Phone number'), '12345');
    await u.type(screen.getByLabelText('Email'), 'not-an-email');
    await u.type(screen.getByLabelText('Password'), '123');
    await u.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Valid phone number required')).toBeInTheDocument();
    expect(screen.getByText('Valid email required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for a profile picture with a toast and sends nothing', async () => {
    const fetchMock = mockFetch(signedOut);
    const u = userEvent.setup();
    renderAuth('/register');

    await u.type(screen.getByLabelText('Full name'), 'Alex Doe');
    await u.type(screen.getByLabelText('Phone number'), '+15551234567');
    await u.type(screen.getByLabelText('Email'), 'alex@example.com');
    await u.type(screen.getByLabelText('Password'), 'secret12');
    await u.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Profile picture required')).toBeInTheDocument();
    expect(screen.getByText('Please upload a photo for identity verification.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/register')).toBe(false);
  });

  it('sends the exact payload, stores the token and moves on to /subscribe', async () => {
    let releaseRegister: () => void = () => {};
    const registered = new Promise<void>((resolve) => (releaseRegister = resolve));
    const fetchMock = mockFetch({
      ...signedOut,
      'POST /api/auth/register': async () => {
        await registered;
        return jsonResponse({ user, token: 'tok-abc' }, 201);
      },
    });
    const u = userEvent.setup();
    renderAuth('/register');

    const preview = await pickPicture(u);
    await u.type(screen.getByLabelText('Full name'), 'Alex Doe');
    await u.type(screen.getByLabelText('Phone number'), '+15551234567');
    await u.type(screen.getByLabelText('Email'), 'alex@example.com');
    await u.type(screen.getByLabelText('Password'), 'secret12');
    await u.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    releaseRegister();

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/subscribe'));
    const picture = preview.getAttribute('src');
    expect(picture).toMatch(/^data:image\/png;base64,/);
    expect(sentBody(fetchMock, '/api/auth/register')).toEqual({
      username: 'alex@example.com',
      password: 'secret12',
      fullName: 'Alex Doe',
      phoneNumber: '+15551234567',
      profilePicture: picture,
    });
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('tok-abc');
  });

  it.each([
    ['/register?ref=ABCDEFGHIJ', 'ABCDEFGHIJ'],
    ['/register?ref=%20KLMNOPQRST%20', 'KLMNOPQRST'],
    ['/register?ref=', undefined],
    [`/register?ref=${'x'.repeat(33)}`, undefined],
  ] as const)('reads the referral code of %s and sends it as ref', async (route, ref) => {
    const fetchMock = mockFetch({
      ...signedOut,
      'POST /api/auth/register': () => jsonResponse({ user, token: 'tok-ref' }, 201),
    });
    const u = userEvent.setup();
    renderAuth(route);

    await pickPicture(u);
    await u.type(screen.getByLabelText('Full name'), 'Alex Doe');
    await u.type(screen.getByLabelText('Phone number'), '+15551234567');
    await u.type(screen.getByLabelText('Email'), 'alex@example.com');
    await u.type(screen.getByLabelText('Password'), 'secret12');
    await u.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/subscribe'));
    const sent = sentBody(fetchMock, '/api/auth/register') as Record<string, unknown>;
    if (ref) expect(sent.ref).toBe(ref);
    else expect(sent).not.toHaveProperty('ref');
    expect(sent.username).toBe('alex@example.com');
  });

  it("shows the server's error text when the account cannot be created", async () => {
    mockFetch({
      ...signedOut,
      'POST /api/auth/register': () => jsonResponse({ error: 'An account with this email already exists' }, 409),
    });
    const u = userEvent.setup();
    renderAuth('/register');

    await pickPicture(u);
    await u.type(screen.getByLabelText('Full name'), 'Alex Doe');
    await u.type(screen.getByLabelText('Phone number'), '+15551234567');
    await u.type(screen.getByLabelText('Email'), 'alex@example.com');
    await u.type(screen.getByLabelText('Password'), 'secret12');
    await u.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Account creation failed')).toBeInTheDocument();
    expect(screen.getByText('An account with this email already exists')).toBeInTheDocument();
  });

  it('links to the sign-in screen', () => {
    mockFetch(signedOut);
    renderAuth('/register');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});

describe('login form', () => {
  it('shows the validation messages for bad input', async () => {
    mockFetch(signedOut);
    const u = userEvent.setup();
    renderAuth('/login');

    await u.type(screen.getByLabelText('Email'), 'nope');
    await u.type(screen.getByLabelText('Password'), '12345');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Valid email required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
  });

  it('sends {username, password} and takes an active member to /consent/new', async () => {
    const active = { ...user, subscriptionStatus: 'active' };
    const fetchMock = mockFetch({
      ...signedOut,
      'POST /api/auth/login': () => jsonResponse({ user: active, token: 'tok-xyz' }),
    });
    const u = userEvent.setup();
    renderAuth('/login');

    await u.type(screen.getByLabelText('Email'), 'alex@example.com');
    await u.type(screen.getByLabelText('Password'), 'secret12');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/consent/new'));
    expect(sentBody(fetchMock, '/api/auth/login')).toEqual({ username: 'alex@example.com', password: 'secret12' });
  });

  it.each([
    ['the page asked for', '/login?next=%2Fhistory%3Fpage%3D2', '/history'],
    ['not another site', '/login?next=%2F%2Fevil.example%2Fhistory', '/consent/new'],
    ['not an address with a scheme', '/login?next=https%3A%2F%2Fevil.example', '/consent/new'],
  ] as const)('goes back to %s after signing in', async (_, route, landing) => {
    mockFetch({
      ...signedOut,
      'POST /api/auth/login': () =>
        jsonResponse({ user: { ...user, subscriptionStatus: 'active' }, token: 'tok-next' }),
    });
    const u = userEvent.setup();
    renderAuth(route);

    await u.type(screen.getByLabelText('Email'), 'alex@example.com');
    await u.type(screen.getByLabelText('Password'), 'secret12');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${landing}$`)));
  });

  it('keeps the page asked for on the way to creating an account', () => {
    mockFetch(signedOut);
    renderAuth('/login?next=%2Fhistory');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register?next=%2Fhistory',
    );
  });

  it("shows 'Sign in failed' with the server's message", async () => {
    mockFetch({
      ...signedOut,
      'POST /api/auth/login': () => jsonResponse({ error: 'Invalid email or password' }, 401),
    });
    const u = userEvent.setup();
    renderAuth('/login');

    await u.type(screen.getByLabelText('Email'), 'alex@example.com');
    await u.type(screen.getByLabelText('Password'), 'wrong-password');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Sign in failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});

describe('a member who is already signed in here', () => {
  it.each(['/login', '/register'] as const)('goes from %s to the dashboard', async (route) => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok-existing');
    setSignInHint(true);
    mockFetch({ 'GET /api/auth/me': () => jsonResponse({ ...user, subscriptionStatus: 'active' }) });
    renderAuth(route);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });

  it('goes from /login to the page asked for', async () => {
    setSignInHint(true);
    mockFetch({ 'GET /api/auth/me': () => jsonResponse({ ...user, subscriptionStatus: 'active' }) });
    renderAuth('/login?next=%2Fprofile');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile'));
  });
});
