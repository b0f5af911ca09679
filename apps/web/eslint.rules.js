import { readdirSync } from 'node:fs';

// The layers of the web app: app/ is the composition root and may import anything; shell/ and features/ stand on a
// floor of shared/, api/ and i18n/; a feature imports no other feature, so each one can change or go on its own.
// The rules read import paths, not resolved files: a relative path that climbs (../) into a folder named app, shell
// or after another feature is refused, so no folder inside a feature may carry such a name.

const SRC = 'apps/web/src';
const FEATURES = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Repeated from eslint.config.js: a later block's no-restricted-imports replaces the earlier one for the same files.
const NO_SERVER_FROM_OUTSIDE = [
  { group: ['@opengst/server', '@opengst/server/*', '**/apps/server/**'], message: 'Only the server may import server code.' },
  { group: ['@opengst/web', '**/apps/web/**'], message: 'Nothing imports the web app.' },
];

/** A relative import that climbs into one of these folders: '../app/x', '../../features/import/x'. */
const climbsInto = (folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;

// In the files of these folders, refuses the imports matching `regex`: static ones through no-restricted-imports,
// lazy import() through no-restricted-syntax, as no-restricted-imports skips them.
const refuse = (folders, regex, message) => ({
  files: folders.map((folder) => `${SRC}/${folder}/**/*.{ts,tsx}`),
  rules: {
    'no-restricted-imports': ['error', { patterns: [...NO_SERVER_FROM_OUTSIDE, { regex, message }] }],
    // esquery ends a regex at its first '/', so the slash is written \x2F.
    'no-restricted-syntax': ['error', { selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`, message }],
  },
});

export default [
  refuse(
    ['shared', 'api', 'i18n'],
    climbsInto(['app', 'shell', 'features']),
    'shared/, api/ and i18n/ import nothing from app/, shell/ or features/.',
  ),
  refuse(['shell'], climbsInto(['app', 'features']), 'shell/ imports nothing from app/ or features/: app/ hands it what it needs.'),
  ...FEATURES.map((feature) => {
    const others = FEATURES.filter((other) => other !== feature);
    return refuse(
      [`features/${feature}`],
      climbsInto(['app', 'shell', ...others, ...others.map((other) => `features/${other}`)]),
      `features/${feature} imports nothing from app/, shell/ or another feature: move what they share to shared/.`,
    );
  }),
];
