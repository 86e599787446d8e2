import { ApiException } from '@app/http';
import { JwtAuthGuard } from './jwt-auth.guard';
import { OptionalJwtAuthGuard } from './optional-jwt-auth.guard';

/** What the revocation query throws while Postgres restarts. */
const postgresAway = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
const member = { userId: 'u1', signInId: 's1' };

describe('JwtAuthGuard', () => {
  const guard = new JwtAuthGuard();

  it('passes the signed-in member on', () => {
    expect(guard.handleRequest(null, member)).toBe(member);
  });

  it('refuses a request without a valid sign-in as not signed in (401)', () => {
    expect(() => guard.handleRequest(null, false)).toThrow(ApiException);
    expect(() => guard.handleRequest(null, false)).toThrow('Not signed in');
  });

  it('lets an error while checking the sign-in through, rather than signing the member out', () => {
    const error = postgresAway();
    expect(() => guard.handleRequest(error, false)).toThrow(error);
  });
});

describe('OptionalJwtAuthGuard', () => {
  const guard = new OptionalJwtAuthGuard();

  it('leaves a request without a valid sign-in anonymous', () => {
    expect(guard.handleRequest(null, false)).toBeNull();
    expect(guard.handleRequest(null, member)).toBe(member);
  });

  it('lets an error while checking the sign-in through, rather than treating the member as a stranger', () => {
    const error = postgresAway();
    expect(() => guard.handleRequest(error, false)).toThrow(error);
  });
});
