import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const packageJson = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};
const readme = readFileSync(new URL('README.md', root), 'utf8');

/** The oldest Node the project says it needs: what a reader installs. */
const projectMinimum = semver.minVersion(packageJson.engines.node);

describe('the Node version the project asks for', () => {
  it('is accepted, every version of it, by every installed package that declares one', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        // Old packages sometimes declare engines as an array of strings, which npm ignores.
        const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
        if (!range || !semver.validRange(range)) return [];
        return semver.subset(packageJson.engines.node, range) ? [] : [`${path} needs node ${range}`];
      });
    expect(refusing).toEqual([]);
  });

  it('is the one the README names', () => {
    expect(projectMinimum).not.toBeNull();
    const named = /^- Node\.js (\d+(?:\.\d+)*) or newer/m.exec(readme)?.[1];
    expect(named, 'README names no Node.js version under Prerequisites').toBeDefined();
    expect(semver.coerce(named!)?.version).toBe(projectMinimum?.version);
  });
});
