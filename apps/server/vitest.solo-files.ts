// Test files that measure the server's latency, fairness or timing against itself (/ping within a second while an
// import runs, a flooded user's neighbour served, an unknown user name answered as slowly as a known one) or start whole
// processes: beside another test file on a two-core machine they measure the neighbour. They run after the main suite,
// one at a time (vitest.solo.config.ts at the root).
export const SOLO_TEST_FILES = [
  'src/platform/fairness.test.ts',
  'src/modules/import/import-bomb.test.ts',
  'src/modules/auth/lockout.test.ts',
  'src/cli.test.ts',
];
