import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/package-app';

// The NSIS include electron-builder compiles into the Windows installer
// (resources/installer/installer.nsh), compiled here with NSIS itself (Debian's makensis, the
// same compiler) inside a minimal installer that defines what electron-builder's own script
// gives it: LogicLib, FileFunc, PRODUCT_NAME and $installMode. A syntax error, an unknown
// instruction or a macro electron-builder never calls would otherwise surface only on the
// Windows release runner. Warnings count as errors.
const work = mkdtempSync(join(tmpdir(), 'counter-nsis-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('resources/installer/installer.nsh', () => {
  it('compiles with makensis, both macros used, without a warning', () => {
    const script = join(work, 'wrap.nsi');
    writeFileSync(
      script,
      [
        'Unicode true',
        '!include "LogicLib.nsh"',
        '!include "FileFunc.nsh"',
        '!define PRODUCT_NAME "Counter"',
        'Var installMode',
        `OutFile "${join(work, 'counter-installer.exe')}"`,
        'RequestExecutionLevel user',
        `!include "${join(repoRoot, 'resources/installer/installer.nsh')}"`,
        'Section "install"',
        '  StrCpy $installMode "all"',
        '  !insertmacro customInstall',
        `  WriteUninstaller "${join(work, 'uninstall.exe')}"`,
        'SectionEnd',
        'Section "un.uninstall"',
        '  !insertmacro customUnInstall',
        'SectionEnd',
      ].join('\n'),
    );
    const result = spawnSync('makensis', ['-V2', '-WX', script], { encoding: 'utf8' });
    expect(
      result.error,
      'makensis must be installed (tests/setup-test-machine.sh)',
    ).toBeUndefined();
    expect(`${result.stdout}${result.stderr}`.trim()).toBe('');
    expect(result.status).toBe(0);
  });
});
