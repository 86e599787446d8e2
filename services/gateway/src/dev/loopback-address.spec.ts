import { isLoopbackAddress } from './loopback-address';

describe('isLoopbackAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '127.1.2.3',
    '::1',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    '::FFFF:127.9.9.9',
  ])('takes %s', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each([
    undefined,
    '',
    '10.0.0.1',
    '192.168.1.10',
    '128.0.0.1',
    '126.255.255.255',
    '::ffff:10.0.0.1',
    '::2',
    'fe80::1',
    '2001:db8::1',
    'localhost',
    'not an address',
  ])('refuses %j', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});
