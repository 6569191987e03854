import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { AppStack } from '../lib/app-stack.js';
import { loadConfig } from '../lib/config.js';

const config = loadConfig();
const app = new App();

// Environment-agnostic on purpose: `cdk synth` works offline and without credentials.
new AppStack(app, config.appName, {
  config,
  description: `${config.productName} (${config.stage}): AI chat assistants for businesses`,
  tags: { app: config.appName, stage: config.stage },
});

// cdk-nag v3 runs as a CDK policy-validation plugin: any unacknowledged finding fails `cdk synth`.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
