/**
 * Password sign-in only through our Lambda (issue 13, item 3). The platform's Cognito endpoint is
 * the gate in front of cognito-local (infra/local/cognito-gate.ts), enforcing the pool's app
 * client settings from the definition the CDK stacks use: no client lets a client id alone try a
 * password, and nobody signs up through Cognito itself.
 */
import {
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { USER_POOL } from '../../infra/definitions/user-pool';
import { randomInt } from 'node:crypto';
import { api, cognito, makeUser, platform, uniq } from '../support/platform';

const notEnabled = (flow: string) => ({ name: 'InvalidParameterException', message: `${flow} flow not enabled for this client` });

describe("the pool's app clients, as the local Cognito endpoint enforces them", () => {
  it('refuses a direct InitiateAuth(USER_PASSWORD_AUTH) with the public client id (the one in the Google redirect), while our login works', async () => {
    const u = await makeUser();
    const { hostedUiClientId } = platform();
    // The id a stranger can read off the redirect to the hosted UI.
    const redirect = await api('GET', '/api/auth/google');
    expect(new URL(redirect.headers.get('location')!).searchParams.get('client_id')).toBe(hostedUiClientId);

    const direct = cognito().send(new InitiateAuthCommand({ ClientId: hostedUiClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: u.email, PASSWORD: u.password } }));
    await expect(direct).rejects.toMatchObject(notEnabled('USER_PASSWORD_AUTH'));
    const login = await api('POST', '/api/auth/login', { json: { identifier: u.email, password: u.password } });
    expect(login.status).toBe(200);
    expect(login.body.data.token).toEqual(expect.any(String));
  });

  it('no client allows a public password flow: not the server client either, not SRP, not choice-based', async () => {
    const u = await makeUser();
    const { clientId, hostedUiClientId } = platform();
    for (const ClientId of [clientId, hostedUiClientId]) {
      for (const AuthFlow of ['USER_PASSWORD_AUTH', 'USER_SRP_AUTH', 'USER_AUTH', 'CUSTOM_AUTH'] as const) {
        const r = cognito().send(new InitiateAuthCommand({ ClientId, AuthFlow, AuthParameters: { USERNAME: u.email, PASSWORD: u.password, SRP_A: 'ab' } }));
        await expect(r).rejects.toMatchObject(notEnabled(AuthFlow));
      }
    }
  });

  it('the hosted UI client cannot take a password even with admin credentials; the server client can (what our Lambda uses)', async () => {
    const u = await makeUser();
    const { userPoolId, clientId, hostedUiClientId } = platform();
    const admin = (ClientId: string) =>
      cognito().send(new AdminInitiateAuthCommand({ UserPoolId: userPoolId, ClientId, AuthFlow: 'ADMIN_USER_PASSWORD_AUTH', AuthParameters: { USERNAME: u.email, PASSWORD: u.password } }));
    await expect(admin(hostedUiClientId)).rejects.toMatchObject(notEnabled('ADMIN_USER_PASSWORD_AUTH'));
    expect((await admin(clientId)).AuthenticationResult?.IdToken).toEqual(expect.any(String));
  });

  it('refuses SignUp with a client id: pool users are made by our sign-up route only', async () => {
    expect(USER_POOL.selfSignUp).toBe(false);
    for (const ClientId of [platform().clientId, platform().hostedUiClientId]) {
      const email = `${uniq('self')}@test.local`;
      const r = cognito().send(new SignUpCommand({ ClientId, Username: email, Password: 'Passw0rdOk', UserAttributes: [{ Name: 'email', Value: email }] }));
      await expect(r).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'SignUp is not permitted for this user pool' });
    }
  });

  it('with the pool closed to SignUp, our sign-up route still makes the pool user (Admin API), and Cognito refuses the same e-mail signed up directly', async () => {
    const email = `${uniq('closed')}@test.local`;
    const direct = (address: string) =>
      cognito().send(new SignUpCommand({ ClientId: platform().hostedUiClientId, Username: address, Password: 'Passw0rdOk', UserAttributes: [{ Name: 'email', Value: address }] }));
    // A stranger cannot claim the address before the student does…
    await expect(direct(email)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(cognito().send(new AdminGetUserCommand({ UserPoolId: platform().userPoolId, Username: email }))).rejects.toMatchObject({ name: 'UserNotFoundException' });
    // …the student signs up through our route, which makes the pool user…
    const body = { firstName: 'Mona', lastName: 'Adel', email, password: 'Passw0rdOk', confirm: 'Passw0rdOk', mobileNumber: `011${String(randomInt(0, 10 ** 8)).padStart(8, '0')}`, schooleYear: 'First year' };
    expect((await api('POST', '/api/auth/signup', { json: body })).status).toBe(201);
    const pooled = await cognito().send(new AdminGetUserCommand({ UserPoolId: platform().userPoolId, Username: email }));
    expect(pooled.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(email);
    // …and a direct SignUp afterwards is still refused, not answered "exists".
    await expect(direct(email)).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'SignUp is not permitted for this user pool' });
  });

  it('the settings enforced are the definition the CDK stacks use', () => {
    expect(USER_POOL.clients.hostedUi.explicitAuthFlows).toEqual(['ALLOW_REFRESH_TOKEN_AUTH']);
    expect(USER_POOL.clients.server.explicitAuthFlows).toEqual(['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
    // cognito-local and its gate are on loopback only.
    expect(new URL(platform().cognitoEndpoint).hostname).toBe('127.0.0.1');
    expect(new URL(platform().cognitoLocalEndpoint).hostname).toBe('127.0.0.1');
  });
});
