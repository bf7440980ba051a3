// Which addresses a calendar feed may be fetched from: public unicast only. Anything else (loopback,
// private, link-local, unique-local, carrier-grade NAT, multicast, unspecified, documentation and the
// other special ranges, IPv4 written inside IPv6) could reach the portal's own network (SSRF).
import ipaddr from 'ipaddr.js';

/** True only for a public unicast address; names and malformed text are not addresses, so false. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return false;
  // process() turns ::ffff:10.0.0.1 into 10.0.0.1, so the IPv4 ranges apply to it.
  return ipaddr.process(bare).range() === 'unicast';
}

/** An address written as an IP literal (IPv4 in any of the forms URLs accept are already normalised). */
export const isIpLiteral = (host: string): boolean => ipaddr.isValid(host.replace(/^\[|\]$/g, ''));

/** Names that resolve to this machine or the local network by convention, refused without asking DNS. */
export function isLocalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost') || name.endsWith('.local') || name.endsWith('.internal') || !name.includes('.');
}
