import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fuseIndex, stateByte, type FuseName, type FuseReading } from './electron-fuses';

/**
 * A directory shaped like an unpacked Linux Electron distribution, for electron-builder's
 * `electronDist` where Electron's own binary cannot be downloaded. Its `electron` file cannot
 * run an app; it carries what packaging acts on: the fuse sentinel and a V1 fuse wire set to
 * the states Electron ships with, each the opposite of what electron-builder.yml asks, so a
 * fuse that packaging fails to flip reads back wrong.
 */

/** @electron/fuses finds the wire right after this string in the binary. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const FUSE_WIRE_VERSION = 1;

/** The fuse states an Electron release ships with. */
export const SHIPPED_FUSES: Readonly<Record<FuseName, FuseReading>> = {
  RunAsNode: 'on',
  EnableCookieEncryption: 'off',
  EnableNodeOptionsEnvironmentVariable: 'on',
  EnableNodeCliInspectArguments: 'on',
  EnableEmbeddedAsarIntegrityValidation: 'off',
  OnlyLoadAppFromAsar: 'off',
  LoadBrowserProcessSpecificV8Snapshot: 'off',
  GrantFileProtocolExtraPrivileges: 'on',
};

function fuseWire(fuses: Readonly<Record<FuseName, FuseReading>>): Buffer {
  const states: number[] = [];
  for (const [name, reading] of Object.entries(fuses))
    states[fuseIndex(name as FuseName)] = stateByte(reading);
  return Buffer.concat([
    Buffer.from(FUSE_SENTINEL, 'ascii'),
    Buffer.from([FUSE_WIRE_VERSION, states.length, ...states]),
  ]);
}

/** Writes the stand-in into `dir` (created) for Electron `version`; returns `dir`. */
export function writeElectronStandIn(dir: string, version: string): string {
  mkdirSync(join(dir, 'resources'), { recursive: true });
  const script = Buffer.from(
    '#!/bin/sh\necho "Electron stand-in for packaging tests: it cannot run an app" >&2\nexit 1\n',
  );
  writeFileSync(join(dir, 'electron'), Buffer.concat([script, fuseWire(SHIPPED_FUSES)]), {
    mode: 0o755,
  });
  writeFileSync(join(dir, 'version'), version);
  writeFileSync(join(dir, 'LICENSE'), 'Stand-in for the Electron license file.\n');
  return dir;
}
