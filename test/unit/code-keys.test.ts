/** The recharge codes' keys (issue 40): a code's look-up key is stable and keyed; its seal opens only for its batch and key. */
import { codeKeysOf } from '../../functions/wallet/code-keys';

const keys = codeKeysOf('one secret');
const code = '7KQ2M9XD4HT8R';

it('looks a code up by a keyed hash: the same for the same key, another for another key, never the code', () => {
  expect(keys.lookup(code)).toMatch(/^[0-9a-f]{64}$/);
  expect(keys.lookup(code)).toBe(codeKeysOf('one secret').lookup(code));
  expect(keys.lookup(code)).not.toBe(codeKeysOf('another secret').lookup(code));
  expect(keys.lookup(code)).not.toBe(keys.lookup('7KQ2M9XD4HT8S'));
});

it('seals a code so that only its batch, with the same key, opens it', () => {
  const sealed = keys.seal(code, 'batch1');
  expect(sealed).not.toContain(code);
  expect(keys.seal(code, 'batch1')).not.toBe(sealed); // a fresh IV each time
  expect(keys.open(sealed, 'batch1')).toBe(code);
  expect(() => keys.open(sealed, 'batch2')).toThrow();
  expect(() => codeKeysOf('another secret').open(sealed, 'batch1')).toThrow();
  const tampered = Buffer.from(sealed, 'base64');
  tampered[14]! ^= 1;
  expect(() => keys.open(tampered.toString('base64'), 'batch1')).toThrow();
});
