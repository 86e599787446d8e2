import { BlockList, isIPv4 } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const IPV4_MAPPED = /^::ffff:/i;

/** Whether a socket's remote address is this machine: 127.0.0.0/8, ::1, or an IPv4 loopback address mapped into IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const unmapped =
    IPV4_MAPPED.test(address) && isIPv4(address.replace(IPV4_MAPPED, '')) ? address.replace(IPV4_MAPPED, '') : address;
  try {
    return LOOPBACK.check(unmapped, isIPv4(unmapped) ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
}
