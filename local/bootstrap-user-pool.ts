import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { localResourceNames } from './local-aws.js';

export interface UserPoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

/**
 * The user pool and app client, as the CDK auth construct defines them (e-mail sign-in,
 * custom:business_name, group admin). Their ids are kept in `stateFile` so restarts reuse them.
 */
export async function ensureUserPool(client: CognitoIdentityProviderClient, stateFile: string): Promise<UserPoolIds> {
  if (existsSync(stateFile)) {
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as UserPoolIds;
    try {
      await client.send(new DescribeUserPoolClientCommand({ UserPoolId: saved.userPoolId, ClientId: saved.userPoolClientId }));
      return saved;
    } catch {
      // The cognito-local data was removed: create a new pool below.
    }
  }
  const { UserPool } = await client.send(
    new CreateUserPoolCommand({
      PoolName: localResourceNames.userPool,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Schema: [{ Name: 'business_name', AttributeDataType: 'String', Mutable: true }],
    }),
  );
  const userPoolId = UserPool!.Id!;
  const { UserPoolClient } = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: localResourceNames.userPoolClient,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: 'admin' }));
  const ids = { userPoolId, userPoolClientId: UserPoolClient!.ClientId! };
  writeFileSync(stateFile, JSON.stringify(ids, null, 2));
  return ids;
}
