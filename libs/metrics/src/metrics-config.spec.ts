import { z } from 'zod';
import { metricsConfigShape } from './metrics-config';

describe('metricsConfigShape', () => {
  const schema = z.object(metricsConfigShape(9465));

  it('listens on loopback at the service default unless told otherwise', () => {
    expect(schema.parse({})).toEqual({ METRICS_HOST: '127.0.0.1', METRICS_PORT: 9465 });
    expect(schema.parse({ METRICS_HOST: '0.0.0.0', METRICS_PORT: '9100' })).toEqual({
      METRICS_HOST: '0.0.0.0',
      METRICS_PORT: 9100,
    });
  });

  it('takes 0 (a free port, for tests) and refuses what is not a port', () => {
    expect(schema.parse({ METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    for (const bad of ['-1', '65536', '1.5', 'metrics'])
      expect(schema.safeParse({ METRICS_PORT: bad }).success).toBe(false);
  });
});
