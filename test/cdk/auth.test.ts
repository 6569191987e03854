import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { cognitoTriggers } from '../../lib/routes.js';
import { functionId, resourcesOfType, synthStack } from './app-template.js';

const { template } = synthStack();
const pools = resourcesOfType(template, 'AWS::Cognito::UserPool');
const [poolId, pool] = Object.entries(pools)[0] ?? [];

describe('user pool', () => {
  it('is the only pool, kept when the stack is deleted', () => {
    expect(Object.keys(pools)).toHaveLength(1);
    expect(pool?.DeletionPolicy).toBe('Retain');
    expect(pool?.UpdateReplacePolicy).toBe('Retain');
  });

  it('signs in with e-mail, lets people sign up and verifies the address', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      UsernameConfiguration: { CaseSensitive: false },
    });
  });

  it('has the mutable custom attribute business_name', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Schema: Match.arrayWith([
        Match.objectLike({ Name: 'business_name', AttributeDataType: 'String', Mutable: true }),
      ]),
    });
  });

  it('requires long passwords with every character class', () => {
    const policy = (pool?.Properties?.Policies as { PasswordPolicy: Record<string, unknown> }).PasswordPolicy;
    expect(policy.MinimumLength).toBeGreaterThanOrEqual(12);
    expect(policy).toMatchObject({ RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: true });
  });

  it('runs the PreSignUp trigger, which Cognito may invoke', () => {
    const triggerId = functionId(template, cognitoTriggers.PreSignUp);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { PreSignUp: { 'Fn::GetAtt': [triggerId, 'Arn'] } },
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [triggerId, 'Arn'] },
      Principal: 'cognito-idp.amazonaws.com',
    });
  });

  it('has the admin group', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', {
      GroupName: 'admin',
      UserPoolId: { Ref: poolId },
    });
  });
});

describe('dashboard app client', () => {
  const clients = Object.values(resourcesOfType(template, 'AWS::Cognito::UserPoolClient'));

  it('is a public client (no secret) of the pool that hides whether a user exists', () => {
    expect(clients).toHaveLength(1);
    expect(clients[0]?.Properties).toMatchObject({
      UserPoolId: { Ref: poolId },
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
    });
  });

  it('allows SRP (AWS) and password (local runtime) sign-in plus refresh, and no admin flow', () => {
    const flows = clients[0]?.Properties?.ExplicitAuthFlows as string[];
    expect([...flows].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH']);
  });
});
