import type { TestProject } from 'vitest/node';
import { startTestRuntime } from './start-test-runtime.js';

/**
 * One local runtime for the whole run, shared by the integration and e2e projects. It must be one:
 * its handlers run in this process and read their endpoints from process.env, so two runtimes in one
 * process would point each other's handlers at the wrong emulators.
 */
export default async function setup(project: TestProject) {
  const selected = new Set(project.vitest.projects.map((p) => p.name));
  if (!selected.has('integration') && !selected.has('e2e')) return;
  // The browser tests need the production build; the API tests need no web server.
  return startTestRuntime(project, selected.has('e2e') ? 'static' : 'none');
}
