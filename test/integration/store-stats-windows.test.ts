/**
 * infra/local/store-stats.ts: recording windows that overlap. Test files share one platform, so one
 * file's answer must not end another's recording (CI on e3b2f51: a payment test recorded nothing
 * while another file asked for its own calls).
 */
import { api, makeUser, recordedSince as close, recordFrom as open } from '../support/platform';

const naming = (id: string) => (calls: { input: unknown }[]) => calls.filter((c) => JSON.stringify(c.input).includes(id));

it('a window holds the calls made while it was open, whatever other windows open and close meanwhile', async () => {
  const [a, b] = [await makeUser(), await makeUser()];
  const mine = () => api('GET', '/api/AWS/get-purched', { token: a.token });
  const theirs = () => api('GET', '/api/AWS/get-purched', { token: b.token });

  // Each asks once first (the first list writes an item the later ones only read), then one request's calls.
  await mine();
  await theirs();
  const once = await open();
  await mine();
  const perRequest = naming(a.id)(await close(once)).length;
  expect(perRequest).toBeGreaterThan(0);

  const outer = await open();
  expect((await mine()).status).toBe(200);
  const inner = await open();
  expect((await theirs()).status).toBe(200);
  const innerCalls = await close(inner);
  // After the inner window closed, the outer one still records.
  expect((await mine()).status).toBe(200);
  const outerCalls = await close(outer);

  expect(naming(b.id)(innerCalls).length).toBeGreaterThan(0);
  expect(naming(a.id)(innerCalls)).toHaveLength(0);
  expect(naming(a.id)(outerCalls)).toHaveLength(2 * perRequest);
  expect(naming(b.id)(outerCalls).length).toBe(naming(b.id)(innerCalls).length);
});
