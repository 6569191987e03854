import { describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts.js';

const { apiUrl, config } = inject('runtime');

describe('token refresh through the Cognito endpoint the browser uses', () => {
  it("answers Amplify's GetTokensFromRefreshToken with fresh tokens that the API accepts", async () => {
    const owner = await signUpAndSignIn(config);
    const res = await fetch(config.userPoolEndpoint!, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({ ClientId: config.userPoolClientId, RefreshToken: owner.refreshToken }),
    });
    expect(res.status).toBe(200);
    const { AuthenticationResult: result } = await res.json();
    expect(result.IdToken).toEqual(expect.any(String));
    expect(result.IdToken).not.toBe(owner.idToken);
    const account = await fetch(`${apiUrl}/account`, { headers: { authorization: `Bearer ${result.IdToken}` } });
    expect(account.status).toBe(200);
    expect((await account.json()).profile.email).toBe(owner.email);
  });

  it('refuses a refresh token it did not issue', async () => {
    const res = await fetch(config.userPoolEndpoint!, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      },
      body: JSON.stringify({ ClientId: config.userPoolClientId, RefreshToken: 'forged' }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
