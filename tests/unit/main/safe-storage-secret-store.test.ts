import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

const userData = vi.hoisted(() => ({ dir: '' }));
vi.mock('electron', () => {
  // A reversible stand-in for the OS cipher: the ciphertext never contains the plaintext.
  const safeStorage = {
    isEncryptionAvailable: vi.fn(() => true),
    getSelectedStorageBackend: vi.fn(() => 'gnome_libsecret'),
    encryptString: vi.fn((text: string) =>
      Buffer.concat([
        Buffer.from('v10'),
        Buffer.from(Buffer.from(text).map((byte) => byte ^ 0x5a)),
      ]),
    ),
    decryptString: vi.fn((data: Buffer) => {
      if (data.subarray(0, 3).toString() !== 'v10')
        throw new Error(
          'Error while decrypting the ciphertext provided to safeStorage.decryptString.',
        );
      return Buffer.from(data.subarray(3).map((byte) => byte ^ 0x5a)).toString();
    }),
  };
  const app = { getPath: () => userData.dir, getVersion: () => '0.1.0' };
  const ipcMain = { on: vi.fn() };
  const mock = { safeStorage, app, ipcMain, shell: {} };
  return { ...mock, default: mock };
});

import { safeStorage } from 'electron';
import {
  createSafeStorageSecretStore,
  electronStoreCiphertextSlot,
  type CiphertextSlot,
} from '../../../electron/main/storage/safe-storage-secret-store';

const token = '0123456789abcdef0123456789ab3f9a';
const origin = 'https://pay.example.com';
const storage = safeStorage as unknown as {
  isEncryptionAvailable: ReturnType<typeof vi.fn>;
  getSelectedStorageBackend: ReturnType<typeof vi.fn>;
  encryptString: ReturnType<typeof vi.fn>;
  decryptString: ReturnType<typeof vi.fn>;
};

function memorySlot(): CiphertextSlot & { value: string | undefined } {
  return {
    value: undefined,
    get() {
      return this.value;
    },
    set(base64) {
      this.value = base64;
    },
    clear() {
      this.value = undefined;
    },
  };
}

beforeEach(() => {
  vi.clearAllMocks();
  storage.isEncryptionAvailable.mockReturnValue(true);
  storage.getSelectedStorageBackend.mockReturnValue('gnome_libsecret');
});

describe('createSafeStorageSecretStore', () => {
  it('stores only base64 ciphertext, and decrypts it back in main', () => {
    const slot = memorySlot();
    const store = createSafeStorageSecretStore({ slot, platform: 'win32' });
    expect(store.save(token, origin)).toEqual({
      ok: true,
      status: { set: true, maskedTail: '••••3f9a', origin },
    });
    expect(slot.value).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(slot.value).not.toContain(token);
    expect(Buffer.from(slot.value!, 'base64').toString('latin1')).not.toContain(token);
    expect(store.load()).toEqual({ token, origin });
    expect(store.status()).toEqual({ set: true, maskedTail: '••••3f9a', origin });
    // One ciphertext holds both: the origin cannot be read or swapped apart from the token.
    expect(storage.encryptString).toHaveBeenCalledTimes(1);
    expect(storage.encryptString).toHaveBeenCalledWith(`${origin} ${token}`);
  });

  it('a token saved by an earlier version, without its origin, is bound to nothing: not loaded, and the cashier is told', () => {
    const slot = memorySlot();
    slot.value = safeStorage.encryptString(token).toString('base64');
    const store = createSafeStorageSecretStore({ slot, platform: 'win32' });
    expect(store.load()).toBeUndefined();
    expect(store.status()).toEqual({
      set: false,
      problem: expect.stringMatching(
        /earlier version.*Enter the service address and the token again/,
      ),
    });
    // Entering it again replaces it with a bound one.
    expect(store.save(token, origin)).toMatchObject({ ok: true });
    expect(store.load()).toEqual({ token, origin });
  });

  it.each([
    ['an origin that is not one', `https://pay.example.com/v1 ${token}`],
    ['a token that is not one', `${origin} ${token}\u0007`],
    ['nothing after the origin', `${origin} `],
  ])('a stored record with %s is damaged: not loaded', (_name, plaintext) => {
    const slot = memorySlot();
    slot.value = safeStorage.encryptString(plaintext).toString('base64');
    const store = createSafeStorageSecretStore({ slot, platform: 'win32' });
    expect(store.load()).toBeUndefined();
    expect(store.status()).toEqual({ set: false, problem: expect.stringMatching(/damaged/) });
  });

  it('fails closed when the OS offers no encryption', () => {
    storage.isEncryptionAvailable.mockReturnValue(false);
    const slot = memorySlot();
    const store = createSafeStorageSecretStore({ slot, platform: 'darwin' });
    expect(store.isAvailable()).toBe(false);
    const result = store.save(token, origin);
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'encryption-unavailable', message: expect.stringMatching(/not saved/) },
    });
    expect(slot.value).toBeUndefined();
    expect(storage.encryptString).not.toHaveBeenCalled();
  });

  it.each(['basic_text', 'unknown'])(
    'fails closed on Linux with the %s backend (obfuscation is not encryption)',
    (backend) => {
      storage.getSelectedStorageBackend.mockReturnValue(backend);
      const slot = memorySlot();
      const store = createSafeStorageSecretStore({ slot, platform: 'linux' });
      expect(store.isAvailable()).toBe(false);
      expect(store.save(token, origin)).toMatchObject({
        ok: false,
        error: { kind: 'encryption-unavailable' },
      });
      expect(slot.value).toBeUndefined();
    },
  );

  it.each(['gnome_libsecret', 'kwallet5', 'kwallet6'])('saves on Linux with %s', (backend) => {
    storage.getSelectedStorageBackend.mockReturnValue(backend);
    expect(
      createSafeStorageSecretStore({ slot: memorySlot(), platform: 'linux' }).save(token, origin),
    ).toMatchObject({ ok: true });
  });

  it('checks the token format before anything else', () => {
    const store = createSafeStorageSecretStore({ slot: memorySlot(), platform: 'win32' });
    expect(store.save(`${token}\n`, origin)).toMatchObject({
      ok: false,
      error: { kind: 'invalid-token' },
    });
    expect(store.save('', origin)).toMatchObject({ ok: false, error: { kind: 'invalid-token' } });
    expect(storage.encryptString).not.toHaveBeenCalled();
  });

  it('reports a failing encryption or disk without the token in the message', () => {
    storage.encryptString.mockImplementationOnce(() => {
      throw new Error(`cannot encrypt ${token}`);
    });
    const result = createSafeStorageSecretStore({ slot: memorySlot(), platform: 'win32' }).save(
      token,
      origin,
    );
    expect(result).toMatchObject({ ok: false, error: { kind: 'storage-failed' } });
    expect(JSON.stringify(result)).not.toContain(token);
  });

  it('a stored token that cannot be decrypted: not loaded, status says so', () => {
    const slot = memorySlot();
    slot.value = Buffer.from('garbage').toString('base64');
    const store = createSafeStorageSecretStore({ slot, platform: 'win32' });
    expect(store.load()).toBeUndefined();
    expect(store.status()).toEqual({
      set: false,
      problem: expect.stringMatching(/cannot be decrypted/),
    });
  });

  it('clear removes the ciphertext', () => {
    const slot = memorySlot();
    const store = createSafeStorageSecretStore({ slot, platform: 'win32' });
    store.save(token, origin);
    store.clear();
    expect(slot.value).toBeUndefined();
    expect(store.status()).toEqual({ set: false });
  });
});

describe('electronStoreCiphertextSlot', () => {
  userData.dir = mkdtempSync(join(tmpdir(), 'secrets-'));
  afterAll(() => rmSync(userData.dir, { recursive: true, force: true }));

  it('keeps the ciphertext in its own file in userData, and nothing else', () => {
    const store = createSafeStorageSecretStore({
      slot: electronStoreCiphertextSlot(),
      platform: 'win32',
    });
    expect(store.save(token, origin)).toMatchObject({ ok: true });
    expect(readdirSync(userData.dir)).toEqual(['secrets.json']);
    const file = readFileSync(join(userData.dir, 'secrets.json'), 'utf8');
    expect(Object.keys(JSON.parse(file) as object)).toEqual(['apiTokenCiphertext']);
    expect(file).not.toContain(token);
    expect(file).not.toContain('3f9a');
    // A fresh instance (next start) reads it back.
    expect(
      createSafeStorageSecretStore({
        slot: electronStoreCiphertextSlot(),
        platform: 'win32',
      }).load(),
    ).toEqual({ token, origin });
    store.clear();
    expect(JSON.parse(readFileSync(join(userData.dir, 'secrets.json'), 'utf8'))).toEqual({});
  });
});
