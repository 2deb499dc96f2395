/** `npm start` says once, plainly, when Node is older than the 22 the Lambdas run and the AWS SDK will require. */
import { nodeVersionNotice } from '../../infra/local/config';

describe('the Node version notice at start', () => {
  it('names the running version and the one needed when older than 22', () => {
    expect(nodeVersionNotice('20.19.0')).toBe(
      'Node 20.19.0: works today, but AWS SDK releases from January 2027 require Node 22 (the Lambdas in AWS already run 22). Upgrade when you can.',
    );
  });

  it('says nothing on 22 or newer', () => {
    expect(nodeVersionNotice('22.0.0')).toBeNull();
    expect(nodeVersionNotice('24.3.1')).toBeNull();
  });
});
