import { describe, expect, it } from 'vitest';
import { moduleFolder, routeByName } from '@opengst/contracts';
import { SCREENS } from './screens';
import screensSource from './screens.ts?raw';

// Every layer files a route's code under the folder of its module, so a screen is found from the route table alone.
// The loaders only say where a screen lives in their import path, hence the check reads the source (a loader may wrap
// onto the next line).
const LOADER = /^\s+(\w+): \(\) =>\s+import\('\.\.\/features\/([^']+)'\)/gm;

const screenPaths = new Map([...screensSource.matchAll(LOADER)].map(([, name = '', path = '']) => [name, path]));

describe('screens', () => {
  it('reads the place of every screen', () => {
    expect([...screenPaths.keys()].sort()).toEqual(Object.keys(SCREENS).sort());
  });

  it('keeps each screen under features/<the folder of its route module>/', () => {
    const misplaced = [...screenPaths].flatMap(([name, path]) => {
      const folder = moduleFolder(routeByName(name as keyof typeof SCREENS).module);
      return path.startsWith(`${folder}/`) ? [] : [`${name}: features/${path} is not under features/${folder}/`];
    });
    expect(misplaced).toEqual([]);
  });
});
