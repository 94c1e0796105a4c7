// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { serverLayers } from './eslint/server-layers.js';

// Read from the folders, so a new feature is covered the day its folder exists.
const features = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/shared/tsconfig.json', 'apps/server/tsconfig.json', 'apps/web/tsconfig.json'],
          conditionNames: ['source', 'types', 'import', 'default'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // antd inputs are components: focusing the first field of a sign-in form helps keyboard users.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // Code flows one way: shared → features → app; a feature never imports another feature.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: './apps/web/src/features',
              except: [`./${f}`],
              message: 'Features never import each other: move shared code to components/ or lib/.',
            })),
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features do not import the app shell.' },
            {
              target: ['./apps/web/src/lib', './apps/web/src/components'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code does not depend on features or the app shell.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'react', 'react-dom', 'fastify', 'kysely'],
              message: 'packages/shared holds zod and pure helpers only.',
            },
          ],
        },
      ],
    },
  },
  ...serverLayers,
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**', 'apps/web/e2e/**'],
    // Tests may say "this is there" (!), but never cast: the test client is typed by the contracts.
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }],
    },
  },
);
