import { z } from 'zod';
import { parseConfig } from './load-config';
import { explicitInProduction } from './offline-defaults';
import { processConfigShape } from './service-config';

const schema = explicitInProduction(
  { PROVIDER: 'remote, or local for files on this machine' },
  z.object({ NODE_ENV: processConfigShape.NODE_ENV, PROVIDER: z.enum(['local', 'remote']).default('local') }),
);

describe('explicitInProduction', () => {
  it('leaves the offline default to fill an unset setting outside production', () => {
    expect(parseConfig(schema, {}).PROVIDER).toBe('local');
    expect(parseConfig(schema, { NODE_ENV: 'test' }).PROVIDER).toBe('local');
  });

  it('refuses to start in production with the setting unset or empty, saying what to name instead', () => {
    for (const PROVIDER of [undefined, '']) {
      expect(() => parseConfig(schema, { NODE_ENV: 'production', PROVIDER })).toThrow(
        'Invalid configuration: PROVIDER: is required in production: remote, or local for files on this machine',
      );
    }
  });

  it('takes either provider in production once it is written out, the offline one included', () => {
    expect(parseConfig(schema, { NODE_ENV: 'production', PROVIDER: 'local' }).PROVIDER).toBe('local');
    expect(parseConfig(schema, { NODE_ENV: 'production', PROVIDER: 'remote' }).PROVIDER).toBe('remote');
  });

  it('still validates the value itself', () => {
    expect(() => parseConfig(schema, { NODE_ENV: 'production', PROVIDER: 'ftp' })).toThrow(
      /^Invalid configuration: PROVIDER: /,
    );
  });
});
