import { roomsOf } from './rooms';

describe('roomsOf', () => {
  it("tells both the member's and the partner's sockets of every change, a retake offered included", () => {
    expect(roomsOf({ id: 's1', initiatorUserId: 'u1' })).toEqual(['user:u1', 'session:s1']);
  });
});
