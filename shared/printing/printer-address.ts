/**
 * The network printer's address as a setting: a plain IPv4 address, a bracketed or bare IPv6
 * address, or a host name, with an optional port (9100, the raw printing port, by default).
 * Nothing else: no scheme, path, user name or zone, so the setting can only ever mean "connect
 * to this printer". The reasons are for the settings screen and never repeat the input.
 */

export const defaultPrinterPort = 9100;

export type PrinterAddressCheck =
  { ok: true; host: string; port: number } | { ok: false; reason: string };

const maxAddressLength = 270;

const reasons = {
  empty: "Enter the printer's IP address or name, for example 192.168.1.50.",
  tooLong: "The printer's address is too long.",
  port: 'The port must be a number from 1 to 65535 (usually 9100).',
  ipv4: 'This is not a valid IP address: four numbers from 0 to 255, separated by dots.',
  ipv6: 'This is not a valid IPv6 address.',
  name: "The printer's name may only hold letters, digits, dots and hyphens, for example epson-tm.local.",
} as const;

export function checkPrinterAddress(text: unknown): PrinterAddressCheck {
  if (typeof text !== 'string') return refuse(reasons.empty);
  const address = text.trim();
  if (address === '') return refuse(reasons.empty);
  if (address.length > maxAddressLength) return refuse(reasons.tooLong);

  const bracketed = /^\[([^\]]*)\](?::([^:]*))?$/.exec(address);
  if (bracketed) return withPort(bracketed[1] ?? '', bracketed[2], 'ipv6');
  // Two colons or more without brackets: a bare IPv6 address, which cannot carry a port.
  if (address.indexOf(':') !== address.lastIndexOf(':'))
    return withPort(address, undefined, 'ipv6');
  const colon = address.indexOf(':');
  if (colon >= 0) return withPort(address.slice(0, colon), address.slice(colon + 1), 'name');
  return withPort(address, undefined, 'name');
}

function withPort(
  host: string,
  portText: string | undefined,
  form: 'ipv6' | 'name',
): PrinterAddressCheck {
  let port = defaultPrinterPort;
  if (portText !== undefined) {
    if (!/^[0-9]{1,5}$/.test(portText)) return refuse(reasons.port);
    port = Number(portText);
    if (port < 1 || port > 65535) return refuse(reasons.port);
  }
  if (form === 'ipv6') {
    return isIpv6(host) ? { ok: true, host: host.toLowerCase(), port } : refuse(reasons.ipv6);
  }
  if (/^[0-9.]+$/.test(host)) {
    return isIpv4(host) ? { ok: true, host, port } : refuse(reasons.ipv4);
  }
  return isHostName(host) ? { ok: true, host: host.toLowerCase(), port } : refuse(reasons.name);
}

function refuse(reason: string): PrinterAddressCheck {
  return { ok: false, reason };
}

/** Four decimal numbers 0-255 without leading zeros (which some resolvers read as octal). */
function isIpv4(text: string): boolean {
  const parts = text.split('.');
  return (
    parts.length === 4 &&
    parts.every((part) => /^(0|[1-9][0-9]{0,2})$/.test(part) && Number(part) <= 255)
  );
}

function isIpv6(text: string): boolean {
  if (text.length > 45 || !/^[0-9a-fA-F:.]+$/.test(text)) return false;
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const all = halves.flatMap(groups);
  let count = all.length;
  const last = all[all.length - 1];
  // An IPv4 address may end an IPv6 one (::ffff:192.168.1.50) and counts as two groups.
  if (last !== undefined && last.includes('.')) {
    if (!isIpv4(last)) return false;
    all.pop();
    count += 1;
  }
  if (!all.every((group) => /^[0-9a-fA-F]{1,4}$/.test(group))) return false;
  return halves.length === 2 ? count < 8 : count === 8;
}

/** RFC 1123 labels; the last one not all digits (resolvers would read "10.1" as an address). */
function isHostName(text: string): boolean {
  if (text.length > 253) return false;
  const labels = text.split('.');
  const last = labels[labels.length - 1] ?? '';
  return (
    labels.every((label) => /^[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/.test(label)) &&
    !/^[0-9]+$/.test(last)
  );
}
