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
    rules: { 'no-undef': 'off' },
  },
);
