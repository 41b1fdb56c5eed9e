// Lint rules for every package (ESLint 9 flat config, typescript-eslint).
//
// `npm run lint` runs the rules that need no type information: typescript-eslint's
// recommended set, React's rules of hooks, loose equality, unused names. It reads
// the whole tree in about 20 s of CPU.
// `npm run lint:full` (LINT_TYPES=1) adds the rules that need the type checker:
// promises nobody awaits or catches, and promises handed to callers that expect
// a plain function. It builds the TypeScript program and takes about 75 s of CPU
// and 2 GB, so it runs in `npm run check` (CI) rather than on every edit.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const typed = process.env.LINT_TYPES === '1';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.test-artifacts/**', 'data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
    },
    linterOptions: {
      // Checked in the full run only: a directive for a type-aware rule is
      // unused by definition when those rules are off.
      reportUnusedDisableDirectives: typed ? 'error' : 'off',
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // A `let` read by a closure before its one assignment stays a `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-explicit-any': 'warn',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Build and test scripts run on Node without TypeScript's view of its globals.
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Plain scripts served to the browser (the embed's example page).
    files: ['packages/*/src/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The test runner strips terminal colour codes (ESC sequences) from output.
    files: ['scripts/test.mjs'],
    rules: { 'no-control-regex': 'off' },
  },
  typed
    ? {
        files: ['**/*.{ts,tsx}'],
        languageOptions: {
          parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
        },
        rules: {
          '@typescript-eslint/no-floating-promises': 'error',
          '@typescript-eslint/no-misused-promises': 'error',
        },
      }
    : {},
);
