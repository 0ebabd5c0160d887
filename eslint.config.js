import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import regexpPlugin from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverModules = readdirSync('src/server/modules');
const clientFeatures = readdirSync('src/client/features');

/**
 * A module is used through its index.ts: what it exports there is its contract. Its routes
 * are not part of it: app.ts registers them from each module's routes.ts (`allowed`).
 */
const throughModuleIndex = (allowed = []) => ({
  group: [
    ...serverModules.map((name) => `../${name}/*`),
    '**/modules/*/*',
    ...serverModules.map((name) => `!../${name}/index.ts`),
    '!**/modules/*/index.ts',
    ...allowed.map((pattern) => `!${pattern}`),
  ],
  message: 'Import another module through its index.ts.',
});

export default tseslint.config(
  { ignores: ['dist', 'drizzle', 'node_modules', 'test-results', 'playwright-report', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  regexpPlugin.configs.recommended,
  {
    // A pattern that retries from every position of a long input, or backtracks over it, holds
    // the one thread every request shares: text anyone can send must not be met by one.
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/server/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // On PGlite, the outer handle inside a transaction waits for that transaction: a deadlock.
          selector:
            "CallExpression[callee.property.name='transaction'] > :function MemberExpression[object.name='db']",
          message: 'Inside a transaction use its `tx`, never the outer `db`.',
        },
        {
          selector:
            "CallExpression[callee.property.name='transaction'] > :function CallExpression > Identifier[name='db']",
          message: 'Inside a transaction pass its `tx`, never the outer `db`.',
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.{ts,tsx}'],
    ignores: ['src/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [throughModuleIndex()] }],
    },
  },
  {
    files: ['src/server/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [throughModuleIndex(['./modules/*/routes.ts'])] },
      ],
    },
  },
  {
    // Modules that import each other load in an order that depends on who imports first, so
    // no import leads back to its own file. On the server, that is why a module's index.ts
    // leaves its routes out, and why review comments have a schema file of their own.
    files: ['src/server/**/*.{ts,tsx}', 'src/client/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          // As tsconfig.json's paths: #client/… names a file under src/client.
          alias: { '#client': [path.resolve('src/client')] },
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '\\#server/**'],
              message: 'The client talks to the server over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  // A feature never imports another: pages (and app/) compose features.
  ...clientFeatures.map((feature) => ({
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '\\#server/**'],
              message: 'The client talks to the server over HTTP only.',
            },
            {
              group: clientFeatures
                .filter((other) => other !== feature)
                .flatMap((other) => [`**/features/${other}/**`, `../../${other}/**`]),
              message: 'A feature does not import another feature; compose them in a page.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/client/**', '\\#server/**', '\\#client/**'],
              message: 'src/shared depends on nothing else in src.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.{js,mjs}', 'bench/**/*.{js,mjs,ts}'],
    rules: { 'no-console': 'off' },
  },
);
