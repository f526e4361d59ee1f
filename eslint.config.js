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
/** 'electron' and its documented subpaths ('electron/main', 'electron/common', ...). */
const electronAndSubpaths = {
  regex: '^electron(?:/|$)',
  message: 'Only electron/main and electron/preload may import electron.',
};

/**
 * no-restricted-imports does not look at import(): the same bans for a dynamic import of a
 * package (a module of our own is judged by the floors below, which resolve import() too).
 */
const dynamicImportOf = (pattern, message) => ({
  selector: `ImportExpression[source.value=/${pattern}/]`,
  message,
});

/** The TypeScript files of a folder, whatever their module flavour. */
const typeScriptIn = (folder) => [`${folder}/**/*.{ts,tsx,mts,cts}`];

/**
 * Every service of electron/: each folder but the composition (app/) and the Electron glue, and
 * any file that sits in electron/ itself.
 */
const serviceFolders = ['./electron/!(app|main|preload)/**', './electron/*.*'];

/** The floors, lowest first: a floor imports only from the floors below it. */
const floors = [
  {
    target: './shared/**',
    from: ['./electron', './renderer', './tests'],
    message: 'shared/ is the ground floor: it imports nothing of electron/, renderer/ or tests/.',
  },
  {
    target: './renderer/**',
    from: ['./electron', './tests'],
    message: 'Pages reach main only through the preload API: nothing of electron/ or tests/.',
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
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'dist/**',
      'test-artifacts/**',
      'coverage/**',
      // StrykerJS's sandboxes: a copy of the tree while a mutation run lasts.
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
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
    files: ['**/*.{ts,tsx,mts,cts}'],
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
    files: typeScriptIn('shared'),
    rules: {
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-syntax': [
        'error',
        dynamicImportOf(
          '^(?:electron|react|react-dom|@mantine)(?:\\/|$)',
          'shared/ is platform-neutral.',
        ),
      ],
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
    files: typeScriptIn('renderer'),
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/incompatible-library': 'error',
      'react-hooks/unsupported-syntax': 'error',
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-syntax': [
        'error',
        dynamicImportOf('^electron(?:\\/|$)', 'Pages reach main only through the preload API.'),
      ],
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
    files: typeScriptIn('electron'),
    ignores: ['electron/main/**', 'electron/preload/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        dynamicImportOf('^electron(?:\\/|$)', electronModule.message),
        {
          // These load Electron themselves; a service may name their types, never run them.
          selector:
            "ImportDeclaration[importKind='value'][source.value=/^(?:electron-updater|electron-log\\/main|electron-store)$/]",
          message: 'Only electron/main builds what needs Electron: take it as a port instead.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [electronModule],
          patterns: [
            electronAndSubpaths,
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
    files: typeScriptIn('electron/preload'),
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
