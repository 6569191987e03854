import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App, CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AppStack } from '../../lib/app-stack.js';
import { loadConfig, type AppConfig } from '../../lib/config.js';
import { FUNCTION_NAME_TAG } from '../../lib/constructs/app-function.js';
import type { IConstruct } from 'constructs';

/** A stand-in for the React build: the stack only needs a folder with an index.html. */
export function fakeSiteBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-build-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>test</title><div id="root"></div>');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  return dir;
}

/** The application stack as `cdk synth` builds it, with esbuild skipped (context bundling-stacks: []). */
export function buildStack(config: Partial<AppConfig> = {}): { app: App; stack: AppStack; config: AppConfig } {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const fullConfig: AppConfig = { ...loadConfig({}), ...config };
  const stack = new AppStack(app, 'TestStack', { config: fullConfig, siteAssetPath: fakeSiteBuild() });
  return { app, stack, config: fullConfig };
}

export function synthStack(config: Partial<AppConfig> = {}) {
  const built = buildStack(config);
  return { ...built, template: Template.fromStack(built.stack) };
}

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string; UpdateReplacePolicy?: string }>;

export function resourcesOfType(template: Template, type: string): Resources {
  return template.findResources(type) as Resources;
}

/** Logical ids of the application's functions (tagged with their lib/routes.ts name), by name. */
export function functionIdsByName(template: Template): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const [logicalId, fn] of Object.entries(resourcesOfType(template, 'AWS::Lambda::Function'))) {
    const tags = (fn.Properties?.Tags ?? []) as { Key: string; Value: string }[];
    const name = tags.find((t) => t.Key === FUNCTION_NAME_TAG)?.Value;
    if (name) byName.set(name, [...(byName.get(name) ?? []), logicalId]);
  }
  return byName;
}

/** The single logical id of a named function (fails the test if there is not exactly one). */
export function functionId(template: Template, name: string): string {
  const ids = functionIdsByName(template).get(name) ?? [];
  if (ids.length !== 1) throw new Error(`Expected one function named ${name}, found ${ids.length}`);
  return ids[0] as string;
}

/** Every IAM statement attached to the execution role of a function. */
export function roleStatements(template: Template, functionLogicalId: string): { Action: string | string[]; Resource: unknown; Effect: string }[] {
  const fn = template.toJSON().Resources[functionLogicalId] as { Properties: { Role: { 'Fn::GetAtt': [string, string] } } };
  const roleId = fn.Properties.Role['Fn::GetAtt'][0];
  const policies = Object.values(resourcesOfType(template, 'AWS::IAM::Policy')).filter((p) =>
    ((p.Properties?.Roles ?? []) as { Ref: string }[]).some((r) => r.Ref === roleId),
  );
  return policies.flatMap((p) => (p.Properties?.PolicyDocument as { Statement: never[] }).Statement);
}

export function actionsOf(statements: { Action: string | string[] }[]): string[] {
  return statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
}

export function environmentOf(template: Template, functionLogicalId: string): Record<string, unknown> {
  const fn = template.toJSON().Resources[functionLogicalId] as { Properties: { Environment?: { Variables?: Record<string, unknown> } } };
  return fn.Properties.Environment?.Variables ?? {};
}

/** Logical id of an L2 construct's CloudFormation resource. */
export function logicalIdOf(construct: IConstruct): string {
  const resource = construct.node.defaultChild;
  if (!(resource instanceof CfnElement)) throw new Error(`${construct.node.path} has no CloudFormation resource`);
  const stack = Stack.of(resource);
  return stack.resolve(stack.getLogicalId(resource)) as string;
}
