import { defineProject } from 'vitest/config';
import { SOLO_TEST_FILES } from './vitest.solo-files.ts';

export default defineProject({
  test: { name: 'server-solo', include: SOLO_TEST_FILES, testTimeout: 60_000, hookTimeout: 90_000 },
});
