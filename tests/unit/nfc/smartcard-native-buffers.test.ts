/**
 * Electron's V8 memory cage forbids external array buffers (memory the addon owns, shown to JS
 * as a Buffer): an addon that makes one works under Node and fails in the app. `smartcard`
 * must therefore only ever copy into JS-owned buffers. Checked in its C++ source and in the
 * built binary's imported Node-API symbols, so an upgrade that starts using them fails here.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The package's main is dist/lib/index.js; its package.json is not exported.
const packageRoot = path.resolve(
  path.dirname(createRequire(import.meta.url).resolve('smartcard')),
  '../..',
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(cc|cpp|h|hpp)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Ways node-addon-api and Node-API wrap native memory instead of copying it. */
const EXTERNAL_BUFFER_CALLS = [
  /Buffer<[^>]*>::New\s*\(/,
  /ArrayBuffer::New\s*\([^)]*,[^)]*\)/,
  /NewOrCopy/,
  /napi_create_external_(array)?buffer/,
];

describe('smartcard hands JS only copies (no external buffers)', () => {
  it('its C++ source builds buffers with Copy only', () => {
    const files = sourceFiles(path.join(packageRoot, 'src'));
    expect(files.length).toBeGreaterThan(5);
    const offending = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => EXTERNAL_BUFFER_CALLS.some((pattern) => pattern.test(line)))
        .map((line) => `${path.basename(file)}: ${line.trim()}`),
    );
    expect(offending).toEqual([]);
    // The scan does see buffer creation: every one of them is a copy.
    const copies = files.filter((file) =>
      readFileSync(file, 'utf8').includes('Buffer<uint8_t>::Copy'),
    );
    expect(copies.length).toBeGreaterThan(0);
  });

  it('its built addon imports no external-buffer Node-API function', () => {
    const binary = readFileSync(
      path.join(packageRoot, 'build', 'Release', 'smartcard_napi.node'),
    ).toString('latin1');
    // Positive control: imported Node-API names are readable in the binary.
    expect(binary).toContain('napi_create_buffer_copy');
    expect(binary).not.toContain('napi_create_external_buffer');
    expect(binary).not.toContain('napi_create_external_arraybuffer');
  });
});
