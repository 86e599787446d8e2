import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { testSession } from '@/test/consent-session';
import { jsonResponse } from '@/test/render';

export const SEND_CODE = 'POST /api/consent/sessions/s1/phone-verification';
export const CONFIRM_CODE = 'POST /api/consent/sessions/s1/phone-verification/confirm';
export const PHONE_VERIFIED_AT = '2030-01-01T00:02:00.000Z';

/** The server's answers to the partner's phone proof: a code sent, and the right code (phone-code-step.test.tsx tests the step). */
export const PHONE_CODE_HANDLERS = {
  [SEND_CODE]: () =>
    jsonResponse({ sentTo: '••••••00', expiresAt: '2030-01-01T00:12:00.000Z', resendsLeft: 3, verified: false }),
  [CONFIRM_CODE]: () => jsonResponse(testSession({ phoneVerifiedAt: PHONE_VERIFIED_AT })),
};

/** Types the texted code at the 'Confirm your phone' step and confirms it. */
export async function enterPhoneCode(u: ReturnType<typeof userEvent.setup>, code = '123456'): Promise<void> {
  await u.type(await screen.findByLabelText('Code from the text'), code);
  await u.click(screen.getByRole('button', { name: 'Confirm' }));
}
