import tseslint from 'typescript-eslint';
import globals from 'globals';
import { layersPlugin } from './eslint/layers.js';
import webRules from './apps/web/eslint.rules.js';

const noServerFromOutside = {
  patterns: [
    { group: ['@opengst/server', '@opengst/server/*', '**/apps/server/**'], message: 'Only the server may import server code.' },
    { group: ['@opengst/web', '**/apps/web/**'], message: 'Nothing imports the web app.' },
  ],
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'e2e/output/**'] },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The domain is pure: no framework, no I/O, no other workspace.
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@opengst/*'], message: 'The domain depends on no other package.' },
            {
              group: ['node:*', 'fs', 'path', 'http', 'https', 'net', 'child_process', 'crypto', 'os'],
              message: 'The domain does no I/O.',
            },
            {
              group: ['fastify*', 'react*', 'drizzle-orm*', 'zod', '@mantine/*', 'pg-boss', 'postgres', 'exceljs'],
              message: 'The domain imports no framework.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', noServerFromOutside] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', noServerFromOutside] },
  },
  {
    // The server's floors: platform, files and portal import no module; modules meet through their index.ts.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/test-support/**'],
    plugins: { opengst: layersPlugin },
    rules: { 'opengst/server-layers': 'error' },
  },
  {
    // One style for indexed access (noUncheckedIndexedAccess makes `xs[i]` possibly undefined): where the element is
    // certainly there (a loop bounded by the length, a parser's checked offset) say so with `xs[i]!`, which states
    // exactly that; `xs[i] as T` could also change the type and hides what it claims. Elsewhere handle the gap
    // (`?.`, `??`, a check that throws). Type-aware, so it runs with the TypeScript project service.
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/vitest.config.ts', '**/vitest.solo*.ts', '**/drizzle.config.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/non-nullable-type-assertion-style': 'error' },
  },
  ...webRules,
);
