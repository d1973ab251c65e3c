import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isPageAsked, startStaticServer } from './scenarios/lighthouse.ts';

describe("Lighthouse's static page (the host's anchor)", () => {
  it('answers every path with the page', async () => {
    const anchor = await startStaticServer();
    try {
      const answer = await fetch(`${anchor.url}any/path`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('A static page.');
    } finally {
      await anchor.close();
    }
  });

  it('closes at once while a browser holds sockets to it, one of them without a request', async () => {
    const anchor = await startStaticServer();
    // A socket opened ahead of a request that never comes (as Chromium opens them): without
    // ending it, closing waited for the server's header timeout, a minute.
    const { port } = new URL(anchor.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // An idle kept-alive socket, after an answer.
    await (await fetch(anchor.url)).text();
    const closing = performance.now();
    await anchor.close();
    expect(performance.now() - closing).toBeLessThan(2_000);
    socket.destroy();
  }, 10_000);
});

describe('the pages `--pages` asks for', () => {
  const labels = [
    '/login',
    '/ (signed in)',
    '/products',
    '/products/{id}',
    '/sales',
    '/sales/{id}',
  ];
  const asked = (pages: string[]) => labels.filter((label) => isPageAsked(label, pages));

  it('takes `/` for the dashboard alone', () => {
    expect(asked(['/'])).toEqual(['/ (signed in)']);
  });

  it('takes a path with the pages under it, not those that merely begin alike', () => {
    expect(asked(['/products'])).toEqual(['/products', '/products/{id}']);
    expect(asked(['/sales/{id}', '/login'])).toEqual(['/login', '/sales/{id}']);
    expect(asked(['/sale'])).toEqual([]);
  });
});
