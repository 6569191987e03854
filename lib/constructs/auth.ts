import { PASSWORD_POLICY } from '../../functions/contracts/password-policy.js';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolGroup,
  FeaturePlan,
  Mfa,
  StringAttribute,
  UserPool,
  UserPoolClient,
  type IUserPool,
  type IUserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { cognitoTriggerUses, cognitoTriggers } from '../routes.js';
import { AppFunction, applyUses, type FunctionResources } from './app-function.js';
import { cognitoIssuer } from './cognito-issuer.js';
import { acknowledge } from './nag.js';

/** Name of the Cognito group whose members may call `admin` routes (checked by the handlers too). */
export const ADMIN_GROUP = 'admin';

export interface AuthProps {
  /**
   * What the Cognito trigger functions may use (lib/routes.ts `cognitoTriggerUses`). The user pool
   * itself is never available to them: the pool depends on its triggers.
   */
  readonly triggerResources?: Omit<FunctionResources, 'userPool'>;
}

/** Sign-up and sign-in: the user pool, the dashboard's app client, the `admin` group, the triggers. */
export class Auth extends Construct {
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /** `iss` of the pool's tokens, for the JWT authorizer. */
  readonly issuer: string;
  readonly preSignUp: AppFunction;

  constructor(scope: Construct, id: string, props: AuthProps = {}) {
    super(scope, id);

    this.preSignUp = applyUses(
      new AppFunction(this, 'PreSignUp', { name: cognitoTriggers.PreSignUp, timeout: Duration.seconds(5) }),
      cognitoTriggerUses,
      props.triggerResources ?? {},
    );

    const userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      customAttributes: { business_name: new StringAttribute({ mutable: true, minLen: 1, maxLen: 256 }) },
      // The same policy the local runtime enforces and the forms state (functions/contracts/password-policy.ts).
      passwordPolicy: { ...PASSWORD_POLICY, tempPasswordValidity: Duration.days(3) },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      mfa: Mfa.OFF,
      featurePlan: FeaturePlan.ESSENTIALS,
      lambdaTriggers: { preSignUp: this.preSignUp },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      userPool,
      'AwsSolutions-COG2',
      'The product signs business owners in with e-mail and password only; the specification has no MFA ' +
        'enrolment step. The strong password policy and e-mail verification stay on; MFA can be made optional later.',
    );
    acknowledge(
      userPool,
      'AwsSolutions-COG8',
      'The Plus feature plan (threat protection) is billed per monthly active user; the Essentials plan is the ' +
        'cost-appropriate tier for this product. Abuse of sign-up is handled by the PreSignUp trigger and API throttling.',
    );

    this.userPoolClient = new UserPoolClient(this, 'DashboardClient', {
      userPool,
      generateSecret: false,
      // SRP on AWS; the password flow for the local runtime (cognito-local has no SRP, see runtime config).
      authFlows: { userSrp: true, userPassword: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      disableOAuth: true,
    });

    new CfnUserPoolGroup(this, 'AdminGroup', {
      userPoolId: userPool.userPoolId,
      groupName: ADMIN_GROUP,
      description: 'Operators of the product; required by routes with access "admin".',
    });

    this.userPool = userPool;
    this.issuer = cognitoIssuer(userPool);
  }
}
