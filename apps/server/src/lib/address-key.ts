import { isIPv6 } from 'node:net';

/**
 * The key a client address is counted under in rate limits: an IPv4 address as it is (an IPv4-mapped IPv6
 * address as its IPv4 form), an IPv6 address by its /64 network, since one subscriber usually holds a whole
 * /64 and could otherwise step past every per-address limit.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/iu.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) counts as two groups; only the first four groups matter here anyway.
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return (
    groups
      .slice(0, 4)
      .map((g) => g.replace(/^0+(?=.)/u, ''))
      .join(':') + '::/64'
  );
}
