// Lint runs with --max-warnings 0 as part of `npm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const SERVER = 'apps/server/src';
const TESTS = ['**/*.test.ts', '**/test/**'];
const banned = (regex, message) => ({ regex, message });
const DATABASE = [
  banned('(^|/)repositories(/|$)', 'Only services use repositories: call a service method.'),
  banned('(^|/)db/(schema|create-db|migrate)$', 'Only services, repositories and the composition roots reach the database.'),
  banned('^(kysely|pg|better-sqlite3)$', 'Only services and repositories reach the database.'),
];
const UPWARD = [
  banned('(^|/)routes(/|$)', 'Routes are the top layer: nothing imports them but app.ts.'),
  banned('(^|/)plugins(/|$)', 'Plugins are wired by app.ts: nothing below imports them.'),
];
const SERVICES = [banned('(^|/)services(/|$)', 'This layer is below the services: it may not call them.')];
const restrict = (files, patterns) => ({
  files,
  ignores: TESTS,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

/** The server's import rules, one block per layer; `npm run lint` fails on a crossing. */
function serverLayers() {
  return [
    restrict([`${SERVER}/routes/**/*.ts`, `${SERVER}/plugins/**/*.ts`], DATABASE),
    restrict([`${SERVER}/{app,server,cli,ingest-command,operator-commands,worker}.ts`], [DATABASE[0]]),
    restrict([`${SERVER}/services/**/*.ts`], UPWARD),
    restrict([`${SERVER}/repositories/**/*.ts`, `${SERVER}/db/**/*.ts`], [...UPWARD, ...SERVICES]),
    restrict([`${SERVER}/{lib,media,search,seed}/**/*.ts`], [...DATABASE, ...UPWARD, ...SERVICES]),
    restrict(['packages/contract/src/**/*.ts'], [banned('(^|/)apps/', 'The contract is shared by web and server and depends on neither.')]),
  ];
}

const WEB = 'apps/web/src';
const NOT_SERVER = banned(
  '(^|/)server(/|$)|^@sori/server',
  'The web app talks to the server over HTTP only (types come from @sori/contract).',
);
const NOT_FEATURES = banned('(^|/)features(/|$)', 'Shared code may not depend on a feature: move what both need down (lib/, components/).');
const NOT_APP = banned('(^|/)app(/|$)', 'app/ is the top layer (shell, layout, routes table): nothing imports it.');
const NOT_COMPONENTS = banned('(^|/)components(/|$)', 'lib/, i18n/ and theme/ sit below the components.');

/** The web app's import rules: app/ → features/ → components/ → lib/, i18n/, theme/; never the server. */
function webLayers() {
  return [
    restrict([`${WEB}/**/*.{ts,tsx}`], [NOT_SERVER]),
    restrict([`${WEB}/features/**/*.{ts,tsx}`], [NOT_SERVER, NOT_APP]),
    restrict([`${WEB}/components/**/*.{ts,tsx}`], [NOT_SERVER, NOT_APP, NOT_FEATURES]),
    restrict([`${WEB}/{lib,i18n,theme}/**/*.{ts,tsx}`], [NOT_SERVER, NOT_APP, NOT_FEATURES, NOT_COMPONENTS]),
  ];
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'test-artifacts/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Server layers (docs/ARCHITECTURE.md, "Layers"): routes → services → repositories → database.
  // Only services and repositories reach the database; the libraries below them know nothing of it.
  ...serverLayers(),
  // Web layers (docs/ARCHITECTURE.md, "Layers"): app/ → features/ → components/ → lib/, i18n/, theme/.
  ...webLayers(),
  {
    // Migrations are frozen in time and take Kysely<any> by design.
    files: ['apps/server/src/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
