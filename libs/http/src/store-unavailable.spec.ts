import { isStoreUnavailable } from './store-unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

class QueryRunnerAlreadyReleasedError extends Error {}

describe('isStoreUnavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['Postgres shutting down (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['Postgres starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ["pg's dropped connection", new Error('Connection terminated unexpectedly')],
    ["ioredis's closed connection", new Error('Connection is closed.')],
    [
      "TypeORM's released runner after the connection died",
      new QueryRunnerAlreadyReleasedError('Query runner already released. Cannot run queries anymore.'),
    ],
    [
      "TypeORM's QueryFailedError around one",
      Object.assign(new Error('query failed'), { driverError: withCode('terminating connection', '57P01') }),
    ],
    ['a cause', new Error('could not read', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') })],
    [
      'an AggregateError of connection attempts',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
    ],
  ])('takes %s for a store that is away', (_, error) => {
    expect(isStoreUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "SELEC"', '42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['no error at all', 'ECONNREFUSED'],
  ])('does not take %s for one', (_, error) => {
    expect(isStoreUnavailable(error)).toBe(false);
  });
});
