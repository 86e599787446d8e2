import { SESSION_CHANGES } from '@app/queue';
import { roomsOf } from './rooms';

const session = { id: 's1', initiatorUserId: 'u1' };

describe('roomsOf', () => {
  it("tells both the member's and the partner's sockets of a verdict, a failure and a text sent", () => {
    for (const change of ['verdict', 'analysis_failed', 'text_sent'] as const) expect(roomsOf(session, change)).toEqual(['user:u1', 'session:s1']);
  });

  it("tells only the partner's sockets of a retake offered", () => {
    expect(roomsOf(session, 'retake_requested')).toEqual(['session:s1']);
  });

  it('has rooms for every change', () => {
    for (const change of SESSION_CHANGES) expect(roomsOf(session, change)).toContain('session:s1');
  });
});
