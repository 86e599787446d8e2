import { hashRecipientToken } from '@app/session-views';
import { partnerRoom, roomsOf } from './rooms';

describe('roomsOf', () => {
  it("tells the member's sockets and the link's holders of every change, a retake offered included", () => {
    expect(roomsOf({ id: 's1', initiatorUserId: 'u1' })).toEqual(['user:u1', 'session:s1']);
  });
});

describe('partnerRoom', () => {
  it('is one room per credential, named by neither the credential nor the hash the consent service keeps', () => {
    const hash = hashRecipientToken('credential-a');
    const room = partnerRoom('s1', hash);
    expect(room).toMatch(/^partner:s1:[\w-]{43}$/);
    expect(partnerRoom('s1', hashRecipientToken('credential-a'))).toBe(room);
    expect(partnerRoom('s1', hashRecipientToken('credential-b'))).not.toBe(room);
    expect(room).not.toContain(hash.toString('base64url'));
    expect(room).not.toContain('credential-a');
  });
});
