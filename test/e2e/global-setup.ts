import type { TestProject } from 'vitest/node';
import { startTestRuntime } from '../support/start-test-runtime.js';

/** The runtime serves the production build (dist/site), as CloudFront would; `npm test` builds it first. */
export default (project: TestProject) => startTestRuntime(project, 'static');
