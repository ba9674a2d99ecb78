// The linter of `npm test` (`npm run lint`). The rules chosen and why: docs/decisions.md.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every `eslint-disable…` comment must say why after ` -- `, so the next reader can judge it. */
const disableNeedsReason = {
  meta: { type: 'suggestion', messages: { missing: 'Say why this rule is off here: `{{directive}} -- reason`.' }, schema: [] },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const text = comment.value.trim();
          const directive = /^eslint-disable(?:-next-line|-line)?\b/.exec(text)?.[0];
          if (directive && !/\s--\s*\S/.test(text)) context.report({ loc: comment.loc, messageId: 'missing', data: { directive } });
        }
      },
    };
  },
};

export default defineConfig(
  globalIgnores(['dist/', 'build/', 'build.*/', 'dev-dist/', 'coverage/', 'data/', '.tmp/', 'public/']),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { shop: { rules: { 'disable-needs-reason': disableNeedsReason } } },
    rules: {
      'shop/disable-needs-reason': 'error',
      // A value computed and never read is usually a forgotten step; `_name` marks a deliberate gap.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `==` coerces ('0' == 0); `== null` (null or undefined) stays allowed, it is the one useful case.
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // Type-aware rules, only the two that catch lost errors: a promise nobody awaits or catches
    // fails silently, and an async function where a plain callback is expected has its rejection
    // dropped. (Measured: the typed run takes about twice the time of the plain one; lint.md.)
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // Their promise is for callers that want to wait; ignoring it is how they are meant to be used.
          allowForKnownSafeCalls: [
            { from: 'package', name: 'NavigateFunction', package: 'react-router' },
            { from: 'package', name: 'act', package: 'react' },
          ],
        },
      ],
      // React ignores what an event handler returns; the handlers catch their own errors.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Migrations are frozen in time and must not follow today's schema types: Kysely's own guide
    // types them `Kysely<any>`. Tests, benchmarks and tools read answers whose shape is what they check.
    files: ['server/db/migrations/**', '**/*.test.{ts,tsx}', '**/*.soak.ts', 'server/test/**', 'web/test/**', 'e2e/**', 'bench/**', 'tools/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The browser side: the React app and the service worker.
    files: ['web/**/*.{ts,tsx}', 'sw/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
  },
  {
    // The two rules of hooks that catch faults without React Compiler (the rest of the plugin's
    // recommended set is the compiler's; see docs/decisions.md).
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // A missing dependency is a stale closure: a screen that shows old data. An error, not a warning.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
