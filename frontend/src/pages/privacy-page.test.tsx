import { RETENTION_DAYS } from '@app/contracts/retention';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/App';
import { jsonResponse, mockFetch, renderApp } from '@/test/render';

const site = {
  memberCount: 1234,
  earlyPricingPlacesLeft: 900,
  supportEmail: 'help@example.com',
  paymentProvider: 'stripe',
  paymentPublishableKey: 'pk',
};

afterEach(() => vi.unstubAllGlobals());

describe('/privacy', () => {
  it('states the retention schedule from its configuration, without signing in', async () => {
    mockFetch({ 'GET /api/auth/me': () => new Response('', { status: 401 }) });
    renderApp(<AppRoutes />, { route: '/privacy' });

    const retention = await screen.findByRole('region', { name: 'How long we keep a record' });
    expect(RETENTION_DAYS).toBe(90);
    expect(retention).toHaveTextContent('While your subscription is active, we keep your check-ins');
    expect(retention).toHaveTextContent(`each check-in is kept for ${RETENTION_DAYS} more days, then deleted`);
    expect(retention).toHaveTextContent(`Your account is deleted ${RETENTION_DAYS} days after the lapse`);
    expect(retention).toHaveTextContent('Pay again before a record’s day comes and it is kept');
  });

  it('says nothing builds face or voice templates, and what a deletion deletes', async () => {
    mockFetch({ 'GET /api/auth/me': () => new Response('', { status: 401 }) });
    renderApp(<AppRoutes />, { route: '/privacy' });

    expect(
      await screen.findByText(
        'Nothing in ConsentIQ builds face or voice templates: we collect no biometric identifiers.',
      ),
    ).toBeInTheDocument();
    const deletion = screen.getByRole('region', { name: 'How a record is deleted' });
    expect(deletion).toHaveTextContent(
      'Deleting a record destroys that key first, then the recording’s encrypted file',
    );
    expect(deletion).toHaveTextContent('not even one in a backup of the file storage');
    expect(deletion).toHaveTextContent('Backups of the database');
    // The take's early upload and the live hearing, said where a deletion is.
    expect(deletion).toHaveTextContent('nobody sees that result unless they do');
    expect(deletion).toHaveTextContent(
      'It is checked by the same speech model as a recording, held only while that take lasts, and never kept.',
    );
  });

  it('says plainly what proving two phones does and what it cannot rule out', async () => {
    mockFetch({ 'GET /api/auth/me': () => new Response('', { status: 401 }) });
    renderApp(<AppRoutes />, { route: '/privacy' });

    const phones = await screen.findByRole('region', { name: 'Two people, two phones' });
    expect(phones).toHaveTextContent(
      'A member proves their own phone number with a texted code before their first check-in.',
    );
    expect(phones).toHaveTextContent(
      'one person with two numbers (two phones, or one phone with two SIMs) can still play both parts',
    );
  });

  it("is linked from the landing page's footer", async () => {
    mockFetch({
      'GET /api/auth/me': () => new Response('', { status: 401 }),
      'GET /api/site': () => jsonResponse(site),
    });
    renderApp(<AppRoutes />, { route: '/' });

    expect(await screen.findByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  });
});
