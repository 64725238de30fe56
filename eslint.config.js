import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // SQL lives only in repositories and migrations.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/repositories/**', 'apps/server/src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', importNames: ['sql'], message: 'SQL belongs in repositories.' }] },
      ],
    },
  },
  {
    // The emulator is written from the platforms' documents, so a misreading in an adapter cannot hide in it.
    files: ['apps/platform-emulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@fanout/server', '@fanout/server/*', '**/apps/server/**', '**/server/src/**'],
              message: 'The emulator imports nothing of the server.',
            },
          ],
        },
      ],
    },
  },
  {
    // Adapters talk HTTP to platforms; rules, storage and SQL are the callers' business.
    files: ['apps/server/src/platforms/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', importNames: ['sql'], message: 'SQL belongs in repositories.' }],
          patterns: [
            {
              group: ['**/services/**', '**/routes/**', '**/repositories/**', '**/db/**', '@fanout/platform-emulator'],
              message: 'Platform adapters import no services, routes, repositories or the emulator.',
            },
          ],
        },
      ],
    },
  },
);
