/** Stateless when not streaming, so one instance serves every call of both transports. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 text, or undefined when the bytes are not valid UTF-8 (never replaced with U+FFFD). */
export function decodeStrictUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}
