// Which addresses a calendar feed may be fetched from: public unicast only. Anything else (loopback,
// private, link-local, unique-local, carrier-grade NAT, multicast, unspecified, documentation and the
// other special ranges) could reach the portal's own network (SSRF). IPv6 must be global unicast
// (2000::/3, minus its special ranges); of the forms that carry an IPv4 address inside IPv6, only the
// IPv4-mapped one (::ffff:a.b.c.d) is taken, and then its IPv4 address decides. The others
// (IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4 2002::/16, Teredo, SIIT
// ::ffff:0:a.b.c.d) are refused whatever they carry: no calendar server needs them.
import ipaddr from 'ipaddr.js';

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** The IPv4 address of an IPv4-mapped IPv6 address (::ffff:0:0/96), else null. */
function mappedIpv4(text: string): ipaddr.IPv4 | null {
  // ipaddr.js reads "::1.2.3.4" (IPv4-compatible) as "::ffff:1.2.3.4": the hex groups are read on their own.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  const hexOnly = dotted ? `${dotted[1]}0:0` : text;
  if (!ipaddr.IPv6.isValid(hexOnly)) return null;
  const bytes = ipaddr.IPv6.parse(hexOnly).toByteArray();
  const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  return mapped ? new ipaddr.IPv4(ipaddr.parse(text).toByteArray().slice(12)) : null;
}

/** True only for a public unicast address; names and malformed text are not addresses, so false. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return false;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const v4 = mappedIpv4(bare);
  if (v4) return v4.range() === 'unicast';
  // range() 'unicast' is what no special range claims (it excludes 6to4, Teredo, documentation...).
  return v6.match(GLOBAL_UNICAST_V6) && v6.range() === 'unicast';
}

/** An address written as an IP literal (IPv4 in any of the forms URLs accept are already normalised). */
export const isIpLiteral = (host: string): boolean => ipaddr.isValid(host.replace(/^\[|\]$/g, ''));

/** Names that resolve to this machine or the local network by convention, refused without asking DNS. */
export function isLocalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name.endsWith('.local') ||
    name.endsWith('.internal') ||
    !name.includes('.')
  );
}
