// typescript-eslint's recommended rules over the browser code, the build
// scripts and the tests.  Type-aware rules are left out: tsc already runs in
// the test layer, and they would double its time.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'build/', 'node_modules/', 'test-results/', '.cache/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Browser and Node globals are checked by tsc (lib.dom, @types/node).
    rules: {
      'no-undef': 'off',
      // A leading underscore marks a binding kept on purpose (destructured away, or a required parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests read the core's JSON answers as untyped data, and Playwright's
    // fixtures must destructure their (empty) dependencies as `{}`.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-empty-pattern': 'off' },
  },
);
