import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repoPath } from '../../lib/constructs/repo-path.js';
import { allFunctionNames, asyncFunctions, functionEntry, httpRoutes, socketRoutes } from '../../lib/routes.js';
import { functionId, functionIdsByName, resourcesOfType, synthStack } from './app-template.js';

const { template } = synthStack();
const routeKeys = Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Route')).map((r) => r.Properties?.RouteKey as string);
/** Logical ids of the functions API Gateway calls (HTTP and WebSocket integrations, authorizers). */
const integratedFunctionIds = new Set(
  [
    ...Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Integration')).map((i) => i.Properties?.IntegrationUri),
    ...Object.values(resourcesOfType(template, 'AWS::ApiGatewayV2::Authorizer')).map((a) => a.Properties?.AuthorizerUri),
  ].flatMap((uri) => [...JSON.stringify(uri ?? null).matchAll(/"Fn::GetAtt":\["([^"]+)","Arn"\]/g)].map((m) => m[1] as string)),
);

describe('the stack serves lib/routes.ts', () => {
  it.each(httpRoutes.map((r) => `${r.method} ${r.path}`))('HTTP route %s exists', (key) => {
    expect(routeKeys.filter((k) => k === key)).toHaveLength(1);
  });

  it('has no HTTP route that lib/routes.ts does not list', () => {
    const expected = new Set([...httpRoutes.map((r) => `${r.method} ${r.path}`), ...socketRoutes.map((r) => r.routeKey), '$default']);
    expect(routeKeys.filter((k) => !expected.has(k))).toEqual([]);
  });

  it('has the $default route of both APIs (HTTP fallback and WebSocket messages)', () => {
    expect(routeKeys.filter((k) => k === '$default')).toHaveLength(2);
  });

  it.each(socketRoutes.map((r) => r.routeKey))('WebSocket route %s exists', (key) => {
    expect(routeKeys).toContain(key);
  });
});

describe('functions', () => {
  const byName = functionIdsByName(template);

  it.each([...allFunctionNames])('%s is exactly one Lambda function', (name) => {
    expect(byName.get(name) ?? []).toHaveLength(1);
  });

  it('has no application function that lib/routes.ts does not name', () => {
    expect([...byName.keys()].filter((name) => !allFunctionNames.includes(name as never))).toEqual([]);
  });

  it.each(httpRoutes.map((r) => r.name))('%s is behind an API route', (name) => {
    expect(integratedFunctionIds.has(functionId(template, name))).toBe(true);
  });

  it.each(asyncFunctions.map((f) => f.name))('%s (async) is a function but behind no route', (name) => {
    expect(integratedFunctionIds.has(functionId(template, name))).toBe(false);
    expect(httpRoutes.map((r) => r.name as string)).not.toContain(name);
  });

  it.each([...allFunctionNames])('%s has its handler file', (name) => {
    expect(fs.existsSync(repoPath(functionEntry(name)))).toBe(true);
  });
});
