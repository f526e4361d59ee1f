import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Each layer is its own TypeScript project (tsconfig.<layer>.json) and sees only the types
// of the platform it runs on. These cases compile a one-line probe with each project's own
// options and prove the wall stops what it must (and lets through what it should).
const root = resolve(import.meta.dirname, '../../..');

function diagnosticsFor(project: string, folder: string, code: string): string[] {
  const configPath = join(root, `tsconfig.${project}.json`);
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${configPath}`);
  const probe = join(root, folder, '__type_wall_probe__.ts');
  const options = {
    ...config.options,
    noEmit: true,
    composite: false,
    declaration: false,
    emitDeclarationOnly: false,
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => (file === probe ? code : readFile(file));
  host.fileExists = (file) => file === probe || fileExists(file);
  host.getSourceFile = (file, language, ...rest) =>
    file === probe
      ? ts.createSourceFile(file, code, language, true)
      : getSourceFile(file, language, ...rest);
  // The layer's own ambient declarations (e.g. shared/platform-globals.d.ts) come along.
  const ambient = config.fileNames.filter((file) => file.endsWith('.d.ts'));
  const program = ts.createProgram([probe, ...ambient], options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(probe))
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '));
}

describe('type walls', () => {
  it.each([
    ['shared', 'shared', 'export const x = document.title;', /Cannot find name 'document'/],
    ['shared', 'shared', 'export const x = process.env;', /Cannot find name 'process'/],
    ['shared', 'shared', 'export const x = Buffer.from("");', /Cannot find name 'Buffer'/],
    ['renderer', 'renderer', 'export const x = process.env;', /Cannot find name 'process'/],
    ['renderer', 'renderer', 'export const x = Buffer.from("");', /Cannot find name 'Buffer'/],
    ['electron', 'electron/app', 'export const x = document.title;', /Cannot find name 'document'/],
    ['electron', 'electron/app', 'export const x = window.name;', /Cannot find name 'window'/],
  ])('%s (%s) refuses: %s', (project, folder, code, expected) => {
    expect(diagnosticsFor(project, folder, code).join('\n')).toMatch(expected);
  });

  it.each([
    ['shared', 'shared', 'export const x = new URL("https://a.b").hostname + String(Intl);'],
    ['shared', 'shared', 'export const x = crypto.getRandomValues(new Uint8Array(2));'],
    ['renderer', 'renderer', 'export const x = document.title;'],
    ['electron', 'electron/app', 'export const x = process.env.HOME ?? Buffer.from("").length;'],
    ['tests', 'tests/unit', 'export const x = [document.title, process.env.HOME];'],
  ])('%s (%s) allows: %s', (project, folder, code) => {
    expect(diagnosticsFor(project, folder, code)).toEqual([]);
  });
});
