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

/**
 * The stack as `cdk synth` builds it. `template` is the whole application as one template (see
 * applicationTemplate); `templates` are the templates CloudFormation receives: the app stack's and
 * each domain stack's.
 */
export function synthStack(config: Partial<AppConfig> = {}) {
  const built = buildStack(config);
  const templates = stackTemplates(built.stack);
  return { ...built, templates, template: applicationTemplate(built.stack, templates) };
}

type TemplateJson = {
  Parameters?: Record<string, unknown>;
  Resources: Record<string, { Type: string; Properties?: Record<string, unknown>; DependsOn?: string | string[] }>;
  Outputs?: Record<string, unknown>;
};

/** The template of the app stack (`app`) and of each domain stack (by domain), as deployed. */
export function stackTemplates(stack: AppStack): Map<string, Template> {
  return new Map([['app', Template.fromStack(stack)], ...[...stack.domains].map(([domain, nested]) => [domain, Template.fromStack(nested)] as const)]);
}

/**
 * The application as one template: the app stack's resources and every domain stack's, each domain
 * stack's parameters replaced by the values the app stack passes them, so that a function in a domain
 * stack reads `TABLE_NAME: { Ref: <table> }` as it would in a single stack. The nested stack resources
 * themselves are left out, and so are dependencies on them.
 */
export function applicationTemplate(stack: AppStack, templates = stackTemplates(stack)): Template {
  const app = templates.get('app')?.toJSON() as TemplateJson;
  const resources: TemplateJson['Resources'] = {};
  const nestedIds = new Set<string>();
  for (const nested of stack.domains.values()) {
    const nestedId = logicalIdOfElement(nested.nestedStackResource);
    nestedIds.add(nestedId);
    const values = (app.Resources[nestedId]?.Properties?.Parameters ?? {}) as Record<string, unknown>;
    const inlined = substituteParameters(templates.get(nested.domain)?.toJSON() as TemplateJson, values);
    for (const [id, resource] of Object.entries(inlined.Resources)) {
      if (id in resources || id in app.Resources) throw new Error(`Logical id ${id} of domain ${nested.domain} is not unique`);
      resources[id] = resource;
    }
  }
  for (const [id, resource] of Object.entries(app.Resources)) {
    if (nestedIds.has(id)) continue;
    const dependsOn = [resource.DependsOn ?? []].flat().filter((d) => !nestedIds.has(d));
    resources[id] = { ...resource, DependsOn: dependsOn.length > 0 ? dependsOn : undefined };
    if (!resources[id].DependsOn) delete resources[id].DependsOn;
  }
  return Template.fromJSON({ ...app, Resources: resources });
}

/** A nested template with every `Ref` to one of its parameters replaced by the value given for it. */
function substituteParameters(template: TemplateJson, values: Record<string, unknown>): TemplateJson {
  const parameters = new Set(Object.keys(template.Parameters ?? {}));
  const replace = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(replace);
    if (node && typeof node === 'object') {
      const ref = (node as { Ref?: unknown }).Ref;
      if (typeof ref === 'string' && parameters.has(ref)) {
        if (!(ref in values)) throw new Error(`The app stack passes no value for parameter ${ref}`);
        return values[ref];
      }
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, replace(v)]));
    }
    return node;
  };
  return { ...template, Resources: replace(template.Resources) as TemplateJson['Resources'] };
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
  return logicalIdOfElement(construct.node.defaultChild);
}

/** Logical id of a CloudFormation element in its stack. */
export function logicalIdOfElement(element: IConstruct | undefined): string {
  if (!(element instanceof CfnElement)) throw new Error(`${element?.node.path ?? 'undefined'} is no CloudFormation resource`);
  const stack = Stack.of(element);
  return stack.resolve(stack.getLogicalId(element)) as string;
}
