import { CfnParameter, Token, type NestedStack } from 'aws-cdk-lib';
import {
  HttpApi,
  HttpAuthorizer,
  HttpAuthorizerType,
  WebSocketApi,
  type IHttpApi,
  type IHttpAuthorizer,
  type IHttpRouteAuthorizer,
  type IWebSocketApi,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { UserPool, UserPoolClient, type IUserPool, type IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Table, type ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ChannelCredentialsRef, FunctionRef, FunctionResources, MailRef, RealtimeStageRef, SecretRef, StateMachineRef, WorkflowSchedulerRef } from './app-function.js';

/** Everything the app stack shares with the domain stacks. */
export interface SharedResources extends Required<FunctionResources> {
  /** The HTTP API the domains attach their routes to. */
  readonly httpApi: IHttpApi;
  /** Its Cognito JWT authorizer, for `user` and `admin` routes. */
  readonly jwtAuthorizer: IHttpAuthorizer;
}

/**
 * The shared resources as a domain (nested) stack sees them: each imported from a parameter of that
 * stack, which the app stack fills in. So the domain's template names what it uses (`TableName`,
 * `HttpApiId`, ...) and never a resource of the app stack: no reference can point from a domain stack
 * back to the app stack, which would make the two stacks wait for each other.
 *
 * A parameter is created the first time a function or route of the domain uses the resource, so read
 * the properties where they are needed; spreading an instance would drop them (they are getters).
 */
export class SharedImports implements FunctionResources {
  private readonly cache = new Map<string, unknown>();

  constructor(
    private readonly stack: NestedStack,
    private readonly shared: SharedResources,
  ) {}

  get table(): ITable {
    return this.once('table', () =>
      Table.fromTableAttributes(this.stack, 'Table', {
        tableName: this.parameter('TableName', this.shared.table.tableName),
        // Functions query the table's global secondary indexes.
        grantIndexPermissions: true,
      }),
    );
  }

  get avatars(): IBucket {
    return this.bucket('Avatars', this.shared.avatars);
  }

  get documents(): IBucket {
    return this.bucket('Documents', this.shared.documents);
  }

  get site(): string {
    return this.parameter('SiteUrl', this.shared.site);
  }

  get crawler(): StateMachineRef {
    return { stateMachineArn: this.parameter('CrawlStateMachineArn', this.shared.crawler.stateMachineArn) };
  }

  get crawlScheduler(): WorkflowSchedulerRef {
    return {
      roleArn: this.parameter('CrawlSchedulerRoleArn', this.shared.crawlScheduler.roleArn),
      targetArn: this.parameter('CrawlStateMachineArn', this.shared.crawlScheduler.targetArn),
    };
  }

  get channelProcessor(): FunctionRef {
    return {
      functionName: this.parameter('ChannelProcessorFunctionName', this.shared.channelProcessor.functionName),
      functionArn: this.parameter('ChannelProcessorFunctionArn', this.shared.channelProcessor.functionArn),
    };
  }

  get knowledgeIndexer(): FunctionRef {
    return {
      functionName: this.parameter('KnowledgeIndexerFunctionName', this.shared.knowledgeIndexer.functionName),
      functionArn: this.parameter('KnowledgeIndexerFunctionArn', this.shared.knowledgeIndexer.functionArn),
    };
  }

  get providers(): ISecret {
    return this.once('providers', () =>
      Secret.fromSecretNameV2(this.stack, 'ProviderSecret', this.parameter('ProviderSecretName', this.shared.providers.secretName)),
    );
  }

  get stripe(): ISecret {
    return this.once('stripe', () =>
      Secret.fromSecretNameV2(this.stack, 'StripeSecret', this.parameter('StripeSecretName', this.shared.stripe.secretName)),
    );
  }

  get userDirectory(): IUserPool {
    return this.userPool.pool;
  }

  get visitorTokens(): SecretRef {
    const { secretName, secretArn } = this.shared.visitorTokens;
    const secret = this.once('visitorTokens', () =>
      Secret.fromSecretCompleteArn(this.stack, 'VisitorTokenSecret', this.parameter('VisitorTokenSecretArn', secretArn)),
    );
    // The name comes from the app stack as is: one parsed here from the ARN parameter would keep the suffix.
    return {
      secretName: this.parameter('VisitorTokenSecretName', secretName),
      secretArn: secret.secretArn,
      grantRead: (grantee) => secret.grantRead(grantee),
    };
  }

  get channelCredentials(): ChannelCredentialsRef {
    const { keySecret, graphApiUrl } = this.shared.channelCredentials;
    const secret = this.once('channelCredentials', () =>
      Secret.fromSecretCompleteArn(this.stack, 'ChannelCredentialsKey', this.parameter('ChannelCredentialsKeyArn', keySecret.secretArn)),
    );
    return {
      keySecret: {
        // As for the visitor-token key: the name as the app stack has it, not one parsed from the ARN.
        secretName: this.parameter('ChannelCredentialsKeyName', keySecret.secretName),
        secretArn: secret.secretArn,
        grantRead: (grantee) => secret.grantRead(grantee),
      },
      graphApiUrl: this.parameter('GraphApiUrl', graphApiUrl),
    };
  }

  get mail(): MailRef {
    return {
      fromAddress: this.parameter('MailFromAddress', this.shared.mail.fromAddress),
      identityArn: this.parameter('MailIdentityArn', this.shared.mail.identityArn),
    };
  }

  get workflowRunner(): StateMachineRef {
    return { stateMachineArn: this.parameter('WorkflowStateMachineArn', this.shared.workflowRunner.stateMachineArn) };
  }

  get workflowScheduler(): WorkflowSchedulerRef {
    return {
      roleArn: this.parameter('WorkflowSchedulerRoleArn', this.shared.workflowScheduler.roleArn),
      targetArn: this.parameter('WorkflowStateMachineArn', this.shared.workflowScheduler.targetArn),
    };
  }

  get userPool(): { readonly pool: IUserPool; readonly client: IUserPoolClient } {
    const { pool, client } = this.shared.userPool;
    return this.once('userPool', () => ({
      pool: UserPool.fromUserPoolId(this.stack, 'UserPool', this.parameter('UserPoolId', pool.userPoolId)),
      client: UserPoolClient.fromUserPoolClientId(this.stack, 'UserPoolClient', this.parameter('UserPoolClientId', client.userPoolClientId)),
    }));
  }

  get realtime(): RealtimeStageRef {
    const { apiId, stageName, callbackUrl } = this.shared.realtime;
    // Part of the connections ARN as is: a reference here would be one to the app stack.
    if (Token.isUnresolved(stageName)) throw new Error('The realtime stage name must be a literal, not a reference');
    return {
      apiId: this.parameter('RealtimeApiId', apiId),
      stageName,
      callbackUrl: this.parameter('RealtimeCallbackUrl', callbackUrl),
    };
  }

  get httpApi(): IHttpApi {
    return this.once('httpApi', () =>
      HttpApi.fromHttpApiAttributes(this.stack, 'HttpApi', { httpApiId: this.parameter('HttpApiId', this.shared.httpApi.apiId) }),
    );
  }

  get jwtAuthorizer(): IHttpRouteAuthorizer {
    return this.once('jwtAuthorizer', () =>
      HttpAuthorizer.fromHttpAuthorizerAttributes(this.stack, 'HttpJwtAuthorizer', {
        authorizerId: this.parameter('HttpJwtAuthorizerId', this.shared.jwtAuthorizer.authorizerId),
        authorizerType: HttpAuthorizerType.JWT,
      }),
    );
  }

  get webSocketApi(): IWebSocketApi {
    return this.once('webSocketApi', () =>
      WebSocketApi.fromWebSocketApiAttributes(this.stack, 'RealtimeApi', {
        webSocketId: this.parameter('RealtimeApiId', this.shared.realtime.apiId),
      }),
    );
  }

  private bucket(name: 'Avatars' | 'Documents', bucket: IBucket): IBucket {
    return this.once(name, () =>
      Bucket.fromBucketAttributes(this.stack, `${name}Bucket`, {
        bucketName: this.parameter(`${name}BucketName`, bucket.bucketName),
        bucketArn: this.parameter(`${name}BucketArn`, bucket.bucketArn),
      }),
    );
  }

  /** The nested stack's parameter `name` (created once), set by the app stack to `value`. */
  private parameter(name: string, value: string): string {
    return this.once(`parameter:${name}`, () => {
      const parameter = new CfnParameter(this.stack, name, { type: 'String' });
      this.stack.setParameter(name, value);
      return parameter.valueAsString;
    });
  }

  private once<T>(key: string, make: () => T): T {
    if (!this.cache.has(key)) this.cache.set(key, make());
    return this.cache.get(key) as T;
  }
}
