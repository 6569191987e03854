import { spawnSync } from 'node:child_process';

const INSTALL_HINT = [
  'DynamoDB Local needs a Java runtime, version 17 or newer. Install one, then run `npm run dev` again:',
  '  Debian/Ubuntu:  sudo apt-get install -y openjdk-17-jre-headless',
  '  macOS:          brew install openjdk@17',
  '  Windows:        winget install Microsoft.OpenJDK.17',
].join('\n');

/** Returns a message explaining what to install, or undefined when a usable Java is present. */
export function javaProblem(): string | undefined {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return `Java was not found.\n${INSTALL_HINT}`;
  const text = `${result.stderr}${result.stdout}`;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(text);
  const major = match ? (match[1] === '1' ? Number(match[2]) : Number(match[1])) : NaN;
  if (!(major >= 17)) return `Java ${Number.isNaN(major) ? '(unknown version)' : major} was found, but 17 or newer is needed.\n${INSTALL_HINT}`;
  return undefined;
}
