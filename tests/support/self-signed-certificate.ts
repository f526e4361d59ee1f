import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/**
 * A self-signed X.509 certificate for https://127.0.0.1 (or for one DNS name), made with
 * node:crypto alone (no openssl binary on the test machine): an EC P-256 key, the
 * certificate's DER written here by hand, signed with ECDSA-SHA256. It is its own CA
 * (basicConstraints cA), so a test can add it to the trusted list and a TLS client accepts the
 * server that shows it. Valid from a day ago to a day ahead on the real clock, which is the
 * one TLS checks.
 */
export function selfSignedCertificate(
  subject: { ip: '127.0.0.1' } | { dnsName: string } = { ip: '127.0.0.1' },
): { key: string; cert: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const ecdsaWithSha256 = sequence(oid('1.2.840.10045.4.3.2'));
  const commonName = 'ip' in subject ? subject.ip : subject.dnsName;
  const name = sequence(set(sequence(oid('2.5.4.3'), utf8(commonName))));
  const subjectAltName =
    'ip' in subject
      ? // iPAddress 127.0.0.1 ([7] IMPLICIT OCTET STRING)
        tlv(0x87, Buffer.from([127, 0, 0, 1]))
      : // dNSName ([2] IMPLICIT IA5String)
        tlv(0x82, Buffer.from(subject.dnsName, 'ascii'));
  const day = 24 * 60 * 60 * 1000;
  const serial = randomBytes(16);
  // A positive INTEGER in its shortest DER form: the top bit clear (else negative) and the
  // first byte never 0 (a leading zero byte before a byte under 0x80 is not DER, and
  // OpenSSL refuses the whole certificate: one certificate in 128 did).
  serial[0] = (serial[0]! & 0x7f) | 0x40;
  const extensions = sequence(
    // basicConstraints, critical: cA TRUE
    sequence(oid('2.5.29.19'), boolean(true), octetString(sequence(boolean(true)))),
    sequence(oid('2.5.29.17'), octetString(sequence(subjectAltName))),
  );
  const tbs = sequence(
    tlv(0xa0, integer(Buffer.from([2]))), // version v3
    integer(serial),
    ecdsaWithSha256,
    name,
    sequence(utcTime(new Date(Date.now() - day)), utcTime(new Date(Date.now() + day))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, extensions),
  );
  const certificate = sequence(tbs, ecdsaWithSha256, bitString(sign('sha256', tbs, privateKey)));
  const lines = certificate.toString('base64').match(/.{1,64}/g) ?? [];
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    cert: `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`,
  };
}

function tlv(tag: number, content: Buffer): Buffer {
  let length: Buffer;
  if (content.length < 0x80) {
    length = Buffer.from([content.length]);
  } else {
    const bytes: number[] = [];
    for (let rest = content.length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
    length = Buffer.from([0x80 | bytes.length, ...bytes]);
  }
  return Buffer.concat([Buffer.from([tag]), length, content]);
}

const sequence = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => tlv(0x31, Buffer.concat(parts));
const boolean = (value: boolean) => tlv(0x01, Buffer.from([value ? 0xff : 0]));
const integer = (bytes: Buffer) => tlv(0x02, bytes);
const octetString = (bytes: Buffer) => tlv(0x04, bytes);
const bitString = (bytes: Buffer) => tlv(0x03, Buffer.concat([Buffer.from([0]), bytes]));
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
/** YYMMDDHHMMSSZ */
const utcTime = (date: Date) =>
  tlv(0x17, Buffer.from(`${date.toISOString().replace(/[-:T]/g, '').slice(2, 14)}Z`));

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let high = arc >> 7; high > 0; high >>= 7) chunk.unshift((high & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}
