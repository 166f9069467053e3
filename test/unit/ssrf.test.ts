import { describe, expect, it } from 'vitest';
import { isForbiddenAddress, urlProblem } from '../../src/modules/webhooks/ssrf.js';

describe('webhook SSRF rules (SPEC §10)', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    // Issue 41: every other form that carries an IPv4 address a translator may turn back into it.
    '64:ff9b:1::7f00:1',
    '64:ff9b:1:ffff::',
    '2002:7f00:1::',
    '2002:a00:1:1::1',
    '2002:a9fe:a9fe::1',
    '::ffff:0:127.0.0.1',
    '::ffff:0:7f00:1',
    '::ffff:0:a00:1',
    '2001:0:4136:e378:8000:63bf:80ff:fffe',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
  ])('refuses %s', (address) => expect(isForbiddenAddress(address)).toBe(true));

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '100.128.0.1',
    '172.32.0.1',
    '2606:4700::1111',
    '::ffff:93.184.216.34',
    '::ffff:0:93.184.216.34',
    '2002:5db8:d822::1',
    '64:ff9b::5db8:d822',
    '2001:0:4136:e378:8000:63bf:a247:27dd',
  ])('allows %s', (address) => expect(isForbiddenAddress(address)).toBe(false));

  const policy = (answer: string[]) => ({
    allowPrivateNetworks: false,
    resolver: async () =>
      answer.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) })),
  });

  it('refuses http, credentials and names with any private answer; accepts a public https name', async () => {
    expect(await urlProblem('http://receiver.example/', policy(['93.184.216.34']))).toMatch(/https/);
    expect(await urlProblem('https://u:p@receiver.example/', policy(['93.184.216.34']))).toMatch(/credentials/);
    expect(await urlProblem('https://receiver.example/', policy(['93.184.216.34', '127.0.0.1']))).toMatch(/loopback/);
    expect(await urlProblem('https://[::ffff:127.0.0.1]/', policy([]))).toMatch(/loopback/);
    expect(await urlProblem('https://receiver.example/hook', policy(['93.184.216.34']))).toBeUndefined();
    expect(await urlProblem('http://127.0.0.1:9/hook', { ...policy([]), allowPrivateNetworks: true })).toBeUndefined();
  });
});
