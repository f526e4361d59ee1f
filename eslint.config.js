// Lint enforces the walls of docs/architecture.md (Layers and their walls):
//   shared/    imports nothing from Node, Electron, the DOM or the rest of the app;
//   renderer/  imports nothing from electron/ or Node;
//   services   (everything in electron/ but main/ and preload/) never import 'electron';
// and the floors inside electron/, by the file an import resolves to (import-x/no-restricted-paths,
// as VS Code's layering rules do): a service folder never imports app/ or main/, app/ never
// imports main/; and no import cycle anywhere (import-x/no-cycle).
// Which globals a TypeScript file may use is the TypeScript projects' business
// (tsconfig.shared.json, tsconfig.renderer.json, ...): typescript-eslint turns no-undef off
// for .ts/.tsx, so ESLint's globals only matter to the plain JavaScript files (this one).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { builtinModules } from 'node:module';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Node's built-in modules, with and without the node: prefix, as exact names (a pattern
// would also catch our own files named e.g. ./events).
const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)].map(
  (name) => ({
    name,
    message: 'No Node modules here: this code runs in pages too.',
  }),
);

const electronModule = {
  name: 'electron',
  message: 'Only electron/main and electron/preload may import electron.',
};

/** Every folder of electron/ that is a service: all but the composition (app/) and the Electron glue. */
const serviceFolders = './electron/!(app|main|preload)/**';

/** The floors, lowest first: a floor imports only from the floors below it. */
const floors = [
  {
    target: './shared/**',
    from: ['./electron', './renderer', './tests'],
    message: 'shared/ is the ground floor: it imports nothing of electron/, renderer/ or tests/.',
  },
  {
    target: serviceFolders,
    from: ['./electron/app', './electron/main', './electron/preload'],
    message:
      'A service never imports the composition (electron/app/) or the Electron glue (electron/main/): take what you need as a constructor argument instead.',
  },
  {
    target: './electron/app/**',
    from: ['./electron/main', './electron/preload'],
    message:
      'electron/app/ composes services for electron/main/ and the test harness alike: it never imports electron/main/.',
  },
];

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'dist/**', 'test-artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // electron-builder require()s its hooks: CommonJS on purpose.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The plugin's TypeScript settings (which files it parses to follow imports), with the
      // resolver that reads our tsconfig paths and extensionless imports.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: floors }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronModule, ...nodeBuiltins],
          patterns: [
            {
              group: ['**/electron/**', '**/renderer/**', '**/tests/**'],
              message: 'shared/ depends on nothing of the app.',
            },
            {
              group: ['react', 'react-dom', '@mantine/*'],
              message: 'shared/ is platform-neutral.',
            },
          ],
        },
      ],
    },
  },
  {
    // The Rules of React (hooks at the top level, complete effect dependencies, no refs or
    // state writes during render...): every rule of the plugin's recommended set, as errors.
    files: ['renderer/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/incompatible-library': 'error',
      'react-hooks/unsupported-syntax': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [electronModule, ...nodeBuiltins],
          patterns: [
            {
              group: ['**/electron/**', '**/tests/**'],
              message: 'Pages reach main only through the preload API.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/main/**', 'electron/preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronModule],
          patterns: [
            {
              group: ['**/renderer/**', '**/tests/**'],
              message: 'Services do not depend on pages or tests.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/renderer/**', '**/tests/**', '**/main/**'],
              message: 'A preload only bridges the shared contract.',
            },
          ],
        },
      ],
    },
  },
);
