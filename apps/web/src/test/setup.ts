import { configure } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default: on a busy two-core machine (CI runs two test files at once) a
// screen's first render with its lazy chunks and mocked fetches can take longer, and the test failed while the screen
// was only slow. A missing element still fails, after 10 s.
configure({ asyncUtilTimeout: 10_000 });
