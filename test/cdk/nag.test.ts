import { App, NestedStack, Stack, Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { buildStack } from './app-template.js';

/**
 * cdk-nag 3 runs as a CDK policy-validation plugin (`Validations.of(app).addPlugins`, as bin/app.ts
 * does) instead of an Aspect writing annotations; `validateScope` runs the same checks directly.
 * `cdk synth` fails on any unacknowledged finding, warnings included, so both must be empty.
 */
const { app, stack } = buildStack();
const report = new AwsSolutionsChecks(app, { verbose: true }).validateScope(stack);
const describeViolations = (severity: string) =>
  report.violations
    .filter((v) => v.severity === severity)
    .map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);

describe('AwsSolutions checks', () => {
  it('leave no unacknowledged error', () => {
    expect(describeViolations('error')).toEqual([]);
  });

  it('leave no unacknowledged warning', () => {
    expect(describeViolations('warning')).toEqual([]);
  });

  it('are live: the same pack reports an unprotected bucket', () => {
    const probeApp = new App();
    const probe = new Stack(probeApp, 'Probe');
    new Bucket(probe, 'Careless');
    const rules = new AwsSolutionsChecks(probeApp).validateScope(probe).violations.map((v) => v.ruleName);
    expect(rules).toEqual(expect.arrayContaining(['AwsSolutions-S1', 'AwsSolutions-S10']));
  });

  it('are live inside nested stacks, where the domain stacks put the functions and routes', () => {
    const probeApp = new App();
    const probe = new NestedStack(new Stack(probeApp, 'Probe'), 'Domain');
    new Bucket(probe, 'Careless');
    const findings = new AwsSolutionsChecks(probeApp).validateScope(probeApp).violations;
    expect(findings.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} ${r.constructPath}`))).toContain(
      'AwsSolutions-S1 Probe/Domain/Careless/Resource',
    );
    expect(stack.domains.size).toBeGreaterThan(0);
  });

  it('every AwsSolutions acknowledgment names one rule or finding and gives a written reason', () => {
    const acknowledged: [string, string][] = [];
    const visit = (node: IConstruct) => {
      for (const entry of node.node.metadata) {
        if (entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY) {
          acknowledged.push(...Object.entries(entry.data as Record<string, string>));
        }
      }
      node.node.children.forEach(visit);
    };
    visit(stack);
    // aws-cdk-lib acknowledges some of its own CloudFormation-Validate findings; ours are the AwsSolutions ones.
    const ours = acknowledged.filter(([id]) => id.includes('AwsSolutions-'));
    expect(ours.length).toBeGreaterThan(0);
    for (const [id, reason] of ours) {
      expect(id).toMatch(/AwsSolutions-[A-Z]+\d+(\[.+\])?$/);
      expect(reason.length, `reason of ${id}`).toBeGreaterThan(40);
    }
  });
});
