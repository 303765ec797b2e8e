import { describe, expect, it } from 'vitest';
import { emailKey, isDisposableDomain, networkOf } from './sources';

describe('where a signature came from', () => {
  it('groups IPv4 senders by /24 and IPv6 by /64, mapped IPv4 as IPv4, and nothing for a non-address', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd:12::/64');
    expect(networkOf('2001:0DB8:0000:0000:ffff::1')).toBe('2001:db8::/64');
    expect(networkOf('')).toBeNull();
    expect(networkOf('not-an-ip')).toBeNull();
  });

  it('folds plus-tags everywhere and Gmail dots at Gmail only', () => {
    expect(emailKey('Jane.Doe+council@Gmail.com')).toBe('janedoe@gmail.com');
    expect(emailKey('j.a.n.e.doe@googlemail.com')).toBe('janedoe@gmail.com');
    expect(emailKey('jane.doe+x@example.org')).toBe('jane.doe@example.org');
    expect(emailKey('+only@example.org')).toBe('+only@example.org');
  });

  it('knows throwaway mail domains from the maintained list', () => {
    expect(isDisposableDomain('mailinator.com')).toBe(true);
    expect(isDisposableDomain('example.org')).toBe(false);
  });
});
