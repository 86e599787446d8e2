import { jsonResponse, testUser } from '@/test/render';

export const SEND_MEMBER_CODE = 'POST /api/auth/phone-verification';
export const CONFIRM_MEMBER_CODE = 'POST /api/auth/phone-verification/confirm';

/** A member who has not proved their number yet, as GET /api/auth/me answers before the code. */
export const unprovedMember = () => testUser({ phoneVerified: false, phoneNumber: '+15551234578' });

/** The server's answers to the member's phone proof: a code sent, the right code; `me` reads the member in turn. */
export function memberPhoneHandlers() {
  let proved = false;
  return {
    'GET /api/auth/me': () => jsonResponse(proved ? testUser({ phoneNumber: '+15551234578' }) : unprovedMember()),
    [SEND_MEMBER_CODE]: () =>
      jsonResponse({ sentTo: '+•• ••• ••78', expiresAt: '2030-01-01T00:10:00.000Z', resendsLeft: 3, verified: false }),
    [CONFIRM_MEMBER_CODE]: () => {
      proved = true;
      return jsonResponse({ user: testUser({ phoneNumber: '+15551234578' }) });
    },
  };
}
