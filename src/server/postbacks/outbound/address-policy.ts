import ipaddr from 'ipaddr.js';

// RFC 6052's well-known NAT64 prefix carries an IPv4 address in its last 32 bits.
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

function isPublicV4(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast';
}

function embeddedV4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || address.match(NAT64_WELL_KNOWN)) {
    const bytes = address.toByteArray().slice(-4);
    return new ipaddr.IPv4(bytes);
  }
  return null;
}

/**
 * True for an address a postback may reach: public unicast only. Everything ipaddr.js names
 * (loopback, private, link-local, CGNAT, multicast, unspecified, broadcast, reserved, ULA,
 * 6to4, Teredo, ...) is refused, and an IPv4 address inside an IPv6 one (mapped, translated,
 * NAT64) is judged as that IPv4 address. The cloud metadata addresses (169.254.169.254,
 * fd00:ec2::254) fall in link-local and ULA. See docs/decisions/030-postback-ssrf-guard.md.
 */
export function isPublicAddress(text: string): boolean {
  if (!ipaddr.isValid(text)) return false;
  const address = ipaddr.process(text);
  if (address instanceof ipaddr.IPv4) return isPublicV4(address);
  const inner = embeddedV4(address);
  if (inner !== null) return isPublicV4(inner);
  // ::/8 (IPv4-compatible and other IETF-reserved forms) is not routable on the internet.
  if (address.parts[0] === 0) return false;
  return address.range() === 'unicast';
}

export function isLoopbackAddress(text: string): boolean {
  return ipaddr.isValid(text) && ipaddr.process(text).range() === 'loopback';
}
