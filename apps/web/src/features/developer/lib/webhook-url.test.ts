import { describe, expect, it } from 'vitest';
import { hasWebhookUrlForm } from './webhook-url';

describe('the form of a webhook address', () => {
  it('takes https addresses', () => {
    expect(hasWebhookUrlForm('https://example.com/hooks/seller')).toBe(true);
    expect(hasWebhookUrlForm('  https://shop.example.org:8443/in?key=1  ')).toBe(true);
  });

  it('takes plain http to this machine only', () => {
    expect(hasWebhookUrlForm('http://127.0.0.1:4010/hook')).toBe(true);
    expect(hasWebhookUrlForm('http://localhost/hook')).toBe(true);
    expect(hasWebhookUrlForm('http://[::1]:8080/')).toBe(true);
    expect(hasWebhookUrlForm('http://example.com/hook')).toBe(false);
  });

  it('refuses other schemes and what is no address', () => {
    expect(hasWebhookUrlForm('ftp://example.com/')).toBe(false);
    expect(hasWebhookUrlForm('example.com/hook')).toBe(false);
    expect(hasWebhookUrlForm('')).toBe(false);
  });
});
