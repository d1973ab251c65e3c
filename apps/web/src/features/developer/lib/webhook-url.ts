const loopbackHost = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * Whether a webhook address has a form the server can take: https, or plain http to this
 * machine (a receiver beside a test server, when the server allows it). Where the host points
 * is the server's to check (`webhook_url_not_allowed`).
 */
export function hasWebhookUrlForm(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && loopbackHost.test(url.hostname);
}
