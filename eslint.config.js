// Lint enforces the walls of ../shared/ARCHITECTURE.md:
//   shared/    imports nothing from Node, Electron, the DOM or the rest of the app;
//   renderer/  imports nothing from electron/ or Node;
//   services   (everything in electron/ but main/ and preload/) never import 'electron'.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

const electronModule = {
  name: 'electron',
  message: 'Only electron/main and electron/preload may import electron.',
};

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'dist/**', 'test-artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
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
    plugins: { 'import-x': importX },
    languageOptions: { globals: {} },
    rules: {
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [electronModule],
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
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [electronModule],
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
