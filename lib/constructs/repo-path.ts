import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of the repository root, independent of the working directory `cdk` runs in. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Absolute path of a file or folder given relative to the repository root. */
export const repoPath = (...segments: string[]): string => path.join(repoRoot, ...segments);
