import { describe, expect, it } from 'vitest';
import { checkApiTokenFormat, maskTokenTail, MAX_TOKEN_LENGTH } from '../../../shared/api-token';
import { createMemorySecretStore } from '../../../electron/settings/secret-store';

const token = '0123456789abcdef0123456789ab3f9a';

describe('checkApiTokenFormat', () => {
  it('accepts printable tokens up to 512 characters', () => {
    expect(checkApiTokenFormat(token)).toEqual({ ok: true, token });
    expect(checkApiTokenFormat('eyJhbGciOi.J9-_~+/=')).toMatchObject({ ok: true });
    expect(checkApiTokenFormat('a'.repeat(MAX_TOKEN_LENGTH))).toMatchObject({ ok: true });
  });

  it.each([
    ['empty', '', /empty/],
    ['not a string', 42, /empty/],
    ['too long', 'a'.repeat(MAX_TOKEN_LENGTH + 1), /longer than 512/],
    ['a space', 'abc def', /spaces/],
    ['a trailing newline (pasted)', `${token}\n`, /spaces or line breaks/],
    ['a tab', `abc\tdef`, /spaces/],
    ['a control character', 'abc\u0007def', /printable/],
    ['non-ASCII', 'tökén', /printable/],
    ['a zero-width space', 'abc\u200bdef', /printable/],
  ])('refuses %s', (_name, value, reason) => {
    const check = checkApiTokenFormat(value);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toMatch(reason);
  });
});

describe('maskTokenTail', () => {
  it('shows the last four characters only', () => {
    expect(maskTokenTail(token)).toBe('••••3f9a');
    expect(maskTokenTail(token)).not.toContain(token.slice(0, -4));
  });

  it('shows nothing of a short token', () => {
    expect(maskTokenTail('abcdefgh')).toBe('••••');
  });
});

describe('createMemorySecretStore', () => {
  const origin = 'https://pay.example.com';

  it('saves the token bound to its origin, reports a masked status, loads and clears', () => {
    const store = createMemorySecretStore();
    expect(store.status()).toEqual({ set: false });
    expect(store.save(token, origin)).toEqual({
      ok: true,
      status: { set: true, maskedTail: '••••3f9a', origin },
    });
    expect(store.load()).toEqual({ token, origin });
    expect(JSON.stringify(store.status())).not.toContain(token);
    store.clear();
    expect(store.load()).toBeUndefined();
  });

  it('fails closed without encryption, and checks the token and the origin first', () => {
    const store = createMemorySecretStore({ available: false });
    expect(store.save(token, origin)).toMatchObject({
      ok: false,
      error: { kind: 'encryption-unavailable' },
    });
    expect(store.save('bad token', origin)).toMatchObject({
      ok: false,
      error: { kind: 'invalid-token' },
    });
    expect(store.load()).toBeUndefined();
  });

  it.each([
    ['a base URL, not an origin', 'https://pay.example.com/v1/cf-payment'],
    ['an upper-case host', 'https://PAY.example.com'],
    ['a default port written out', 'https://pay.example.com:443'],
    ['another scheme', 'ftp://pay.example.com'],
    ['a space', 'https://pay.example.com evil'],
    ['nothing', ''],
  ])('refuses to bind the token to %s', (_name, badOrigin) => {
    const store = createMemorySecretStore();
    expect(store.save(token, badOrigin)).toMatchObject({
      ok: false,
      error: { kind: 'invalid-origin' },
    });
    expect(store.load()).toBeUndefined();
  });

  it('a token from an earlier version (no origin) is bound to nothing: not loaded, the cashier told why', () => {
    const store = createMemorySecretStore({ token });
    expect(store.load()).toBeUndefined();
    expect(store.status()).toEqual({
      set: false,
      problem: expect.stringMatching(
        /earlier version.*Enter the service address and the token again/,
      ),
    });
  });
});
