import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { AppConfig } from './config.js';
import { Auth } from './constructs/auth.js';
import { Data } from './constructs/data.js';
import { AppHttpApi } from './constructs/http-api.js';
import { RealtimeApi } from './constructs/realtime-api.js';
import { Storage } from './constructs/storage.js';
import { WebHosting } from './constructs/web-hosting.js';

export interface AppStackProps extends StackProps {
  readonly config: AppConfig;
  /** Folder with the React build. @default dist/site under the repository root */
  readonly siteAssetPath?: string;
}

/** The whole application: wires the domain constructs together and publishes what clients need. */
export class AppStack extends Stack {
  readonly auth: Auth;
  readonly data: Data;
  readonly storage: Storage;
  readonly realtime: RealtimeApi;
  readonly httpApi: AppHttpApi;
  readonly web: WebHosting;

  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.data = new Data(this, 'Data');
    this.storage = new Storage(this, 'Storage', { allowedOrigins: config.allowedOrigins });
    const dataResources = {
      table: this.data.table,
      avatars: this.storage.avatarsBucket,
      documents: this.storage.documentsBucket,
    };

    this.auth = new Auth(this, 'Auth', { triggerResources: dataResources });
    const identity = { userPool: this.auth.userPool, userPoolClient: this.auth.userPoolClient };

    this.realtime = new RealtimeApi(this, 'Realtime', { ...identity, resources: dataResources });
    this.httpApi = new AppHttpApi(this, 'Http', {
      ...identity,
      allowedOrigins: config.allowedOrigins,
      resources: {
        ...dataResources,
        realtime: { api: this.realtime.api, stage: this.realtime.stage },
        userPool: { pool: this.auth.userPool, client: this.auth.userPoolClient },
      },
    });
    this.web = new WebHosting(this, 'Web', {
      ...identity,
      productName: config.productName,
      apiUrl: this.httpApi.url,
      realtimeUrl: this.realtime.url,
      accessLogsBucket: this.storage.accessLogsBucket,
      siteAssetPath: props.siteAssetPath,
    });

    const outputs: Record<string, [value: string, description: string]> = {
      ApiUrl: [this.httpApi.url, 'HTTP API base URL'],
      RealtimeUrl: [this.realtime.url, 'WebSocket URL (wss)'],
      SiteUrl: [this.web.url, 'Dashboard URL'],
      UserPoolId: [this.auth.userPool.userPoolId, 'Cognito user pool id'],
      UserPoolClientId: [this.auth.userPoolClient.userPoolClientId, 'Cognito app client id of the dashboard'],
      TableName: [this.data.table.tableName, 'DynamoDB table'],
      AvatarsBucket: [this.storage.avatarsBucket.bucketName, 'Bucket of avatars'],
      DocumentsBucket: [this.storage.documentsBucket.bucketName, 'Bucket of knowledge documents'],
    };
    for (const [key, [value, description]] of Object.entries(outputs)) {
      new CfnOutput(this, key, { key, value, description });
    }
  }
}
