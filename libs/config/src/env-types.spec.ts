import { z } from 'zod';
import { env } from './env-types';

describe('env variable types', () => {
  it('port: coerces digits, defaults when unset, refuses 0, 65536 and non-integers', () => {
    const port = env.port(3000);
    expect(port.parse('8080')).toBe(8080);
    expect(port.parse(undefined)).toBe(3000);
    for (const bad of ['0', '65536', '1.5', 'http']) expect(port.safeParse(bad).success).toBe(false);
  });

  it('positiveInt: coerces, defaults, refuses 0 and negatives', () => {
    const count = env.positiveInt(5);
    expect(count.parse('12')).toBe(12);
    expect(count.parse(undefined)).toBe(5);
    for (const bad of ['0', '-3', '2.5', 'many']) expect(count.safeParse(bad).success).toBe(false);
  });

  it('flag: true/1 and false/0 only, with the default when unset', () => {
    const flag = env.flag(false);
    expect([flag.parse('true'), flag.parse('1'), flag.parse('false'), flag.parse('0'), flag.parse(undefined)]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(env.flag(true).parse(undefined)).toBe(true);
    const refused = flag.safeParse('yes');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe('must be true or false');
  });

  it('optionalFlag: true/1 and false/0 only, undefined when unset', () => {
    const flag = env.optionalFlag();
    expect([flag.parse('true'), flag.parse('1'), flag.parse('false'), flag.parse('0'), flag.parse(undefined)]).toEqual([
      true,
      true,
      false,
      false,
      undefined,
    ]);
    expect(flag.safeParse('yes').error?.issues[0].message).toBe('must be true or false');
  });

  it('url: accepts only the listed protocols and says which', () => {
    const url = env.url(['redis:', 'rediss:']);
    expect(url.parse('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(url.parse('rediss://cache.example:6380')).toBe('rediss://cache.example:6380');
    for (const bad of ['http://cache.example', 'not a url', '']) {
      expect(url.safeParse(bad).error?.issues[0].message).toBe('must be a redis: or rediss: URL');
    }
    expect(url.safeParse(undefined).error?.issues[0].message).toBe('is required');
  });

  it('secret: requires a value of at least the given length', () => {
    const secret = env.secret(32);
    expect(secret.parse('x'.repeat(32))).toBe('x'.repeat(32));
    expect(secret.safeParse('x'.repeat(31)).error?.issues[0].message).toBe('must be at least 32 characters');
    expect(secret.safeParse(undefined).error?.issues[0].message).toBe('is required');
  });

  it('composes into a schema whose errors name the variable', () => {
    const result = z.object({ PORT: env.port(1) }).safeParse({ PORT: 'x' });
    expect(result.error?.issues[0].path).toEqual(['PORT']);
  });
});
