/** A device's name from its user agent (issue 41): English for the teacher and the API, kind/os/browser for the web's Arabic. */
import { deviceHandleOf, deviceLabelOf, handleOf, maskedAddress } from '../../functions/auth/device-name';

const UA = {
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  samsung: 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  iphoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iphoneChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  windowsEdge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  windowsOpera: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  chromebook: 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

describe('deviceLabelOf', () => {
  it.each([
    [UA.androidChrome, { name: 'Android phone · Chrome', kind: 'phone', os: 'Android', browser: 'Chrome' }],
    [UA.androidTablet, { name: 'Android tablet · Chrome', kind: 'tablet', os: 'Android', browser: 'Chrome' }],
    [UA.samsung, { name: 'Android phone · Samsung Internet', kind: 'phone', os: 'Android', browser: 'Samsung Internet' }],
    [UA.iphoneSafari, { name: 'iPhone · Safari', kind: 'phone', os: 'iOS', browser: 'Safari' }],
    [UA.iphoneChrome, { name: 'iPhone · Chrome', kind: 'phone', os: 'iOS', browser: 'Chrome' }],
    [UA.ipad, { name: 'iPad · Safari', kind: 'tablet', os: 'iPadOS', browser: 'Safari' }],
    [UA.windowsEdge, { name: 'Windows computer · Edge', kind: 'computer', os: 'Windows', browser: 'Edge' }],
    [UA.windowsOpera, { name: 'Windows computer · Opera', kind: 'computer', os: 'Windows', browser: 'Opera' }],
    [UA.macSafari, { name: 'Mac · Safari', kind: 'computer', os: 'macOS', browser: 'Safari' }],
    [UA.linuxFirefox, { name: 'Linux computer · Firefox', kind: 'computer', os: 'Linux', browser: 'Firefox' }],
    [UA.chromebook, { name: 'Chromebook · Chrome', kind: 'computer', os: 'ChromeOS', browser: 'Chrome' }],
  ])('%s', (ua, label) => {
    expect(deviceLabelOf(ua)).toEqual(label);
  });

  it('names what it cannot tell plainly', () => {
    expect(deviceLabelOf(undefined)).toEqual({ name: 'Computer', kind: 'computer', os: 'Other', browser: 'Other' });
    expect(deviceLabelOf('curl/8.5.0')).toEqual({ name: 'Computer', kind: 'computer', os: 'Other', browser: 'Other' });
  });
});

describe('the handle of a device', () => {
  it('is 22 characters of base64url SHA-256, never the id itself', () => {
    const id = 'AbCdEfGhIjKlMnOpQrStUv';
    expect(handleOf(id)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(handleOf(id)).not.toBe(id);
    expect(handleOf(id)).toBe(handleOf(id));
    expect(deviceHandleOf(id, UA.androidChrome)).toBe(handleOf(id));
  });

  it('without an id, comes from the user agent: the same browser is the same device', () => {
    expect(deviceHandleOf(undefined, UA.androidChrome)).toBe(deviceHandleOf(undefined, UA.androidChrome));
    expect(deviceHandleOf(undefined, UA.androidChrome)).not.toBe(deviceHandleOf(undefined, UA.iphoneSafari));
  });
});

describe('maskedAddress', () => {
  it('keeps the first three octets of IPv4 and the first three groups of IPv6', () => {
    expect(maskedAddress('196.204.13.77')).toBe('196.204.13.x');
    expect(maskedAddress('2001:db8:85a3:0::/64')).toBe('2001:db8:85a3:x');
    expect(maskedAddress('unknown')).toBe('unknown');
  });
});
