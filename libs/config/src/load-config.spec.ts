import { z } from 'zod';
import { env } from './env-types';
import { ConfigError, loadConfigOrExit, parseConfig } from './load-config';

const schema = z.object({
  DATABASE_URL: env.url(['postgres:', 'postgresql:']),
  PORT: env.port(3000),
  API_SECRET: env.secret(32),
});

const valid = { DATABASE_URL: 'postgres://db.example/app', API_SECRET: 's'.repeat(32) };

describe('parseConfig', () => {
  it('returns the parsed, defaulted configuration when the environment is valid', () => {
    expect(parseConfig(schema, { ...valid, PORT: '8080' })).toEqual({ ...valid, PORT: 8080 });
    expect(parseConfig(schema, valid).PORT).toBe(3000);
  });

  it('names a missing variable in one line: "Invalid configuration: DATABASE_URL: is required"', () => {
    const { DATABASE_URL: _omitted, ...withoutUrl } = valid;
    expect(() => parseConfig(schema, withoutUrl)).toThrow(
      new ConfigError('Invalid configuration: DATABASE_URL: is required'),
    );
  });

  it('names a URL with the wrong protocol', () => {
    expect(() => parseConfig(schema, { ...valid, DATABASE_URL: 'mysql://db.example/app' })).toThrow(
      'Invalid configuration: DATABASE_URL: must be a postgres: or postgresql: URL',
    );
  });

  it.each(['abc', '0', '70000', '80.5', '-1'])('names PORT when it is %j', (port) => {
    let error: unknown;
    try {
      parseConfig(schema, { ...valid, PORT: port });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/^Invalid configuration: PORT: \S.*$/);
    expect((error as Error).message).not.toContain('\n');
  });

  it('reports the first failing variable when several are wrong', () => {
    expect(() => parseConfig(schema, { PORT: 'abc' })).toThrow(/^Invalid configuration: DATABASE_URL: /);
  });

  it('never repeats the offending value, which may be a secret', () => {
    const secret = 'short-secret-value';
    expect(() => parseConfig(schema, { ...valid, API_SECRET: secret })).toThrow(
      'Invalid configuration: API_SECRET: must be at least 32 characters',
    );
    try {
      parseConfig(schema, { ...valid, API_SECRET: secret });
    } catch (error) {
      expect((error as Error).message).not.toContain(secret);
    }
  });

  it('says "environment" when the problem is not tied to one variable', () => {
    const whole = z.object({ A: z.string().optional() }).refine((value) => value.A !== undefined, 'A is needed');
    expect(() => parseConfig(whole, {})).toThrow('Invalid configuration: environment: A is needed');
  });
});

describe('loadConfigOrExit', () => {
  afterEach(() => jest.restoreAllMocks());

  it('returns the configuration when it is valid', () => {
    expect(loadConfigOrExit(schema, valid)).toEqual({ ...valid, PORT: 3000 });
  });

  it('prints the one-line error to stderr and exits with status 1, without a stack trace', () => {
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const exit = jest.spyOn(process, 'exit').mockImplementation(((code?: number) => {
      throw new Error(`exit ${code}`);
    }) as typeof process.exit);

    expect(() => loadConfigOrExit(schema, { ...valid, PORT: 'abc' })).toThrow('exit 1');

    expect(exit).toHaveBeenCalledWith(1);
    expect(stderr).toHaveBeenCalledTimes(1);
    expect(String(stderr.mock.calls[0][0])).toMatch(/^Invalid configuration: PORT: [^\n]+\n$/);
  });
});
