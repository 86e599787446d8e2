import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Types a test card into the TEST MODE card form (checkout and portal share it); returns the user for the next step. */
export async function fillCard(cardNumber: string) {
  const u = userEvent.setup();
  await u.type(await screen.findByLabelText('Card number'), cardNumber);
  await u.type(screen.getByLabelText('Expiry (MM / YY)'), '12 / 34');
  await u.type(screen.getByLabelText('CVC'), '123');
  return u;
}
