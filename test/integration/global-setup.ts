import type { TestProject } from 'vitest/node';
import { startTestRuntime } from '../support/start-test-runtime.js';

export default (project: TestProject) => startTestRuntime(project, 'none');
