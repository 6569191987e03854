import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { javaProblem } from '../../local/java-check.js';

/** A folder with a fake `java` that prints `versionLine` as `java -version` does (on stderr). */
function fakeJava(versionLine: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'java-'));
  const file = join(dir, 'java');
  writeFileSync(file, `#!/bin/sh\necho '${versionLine}' >&2\n`);
  chmodSync(file, 0o755);
  return dir;
}

describe('npm run dev checks for Java before starting DynamoDB Local', () => {
  const path = process.env.PATH;
  afterEach(() => {
    process.env.PATH = path;
  });

  it('says Java is missing and how to install it', () => {
    process.env.PATH = mkdtempSync(join(tmpdir(), 'empty-'));
    const problem = javaProblem();
    expect(problem).toMatch(/^Java was not found/);
    expect(problem).toMatch(/apt-get install -y openjdk-17-jre-headless/);
  });

  it('refuses a Java older than 17', () => {
    process.env.PATH = fakeJava('java version "1.8.0_392"');
    expect(javaProblem()).toMatch(/^Java 8 was found, but 17 or newer is needed/);
  });

  it('accepts Java 17 and newer', () => {
    process.env.PATH = fakeJava('openjdk version "21.0.2" 2024-01-16');
    expect(javaProblem()).toBeUndefined();
  });
});
