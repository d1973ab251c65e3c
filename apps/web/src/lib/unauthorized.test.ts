import { beforeEach, describe, expect, it, vi } from 'vitest';

type UnauthorizedModule = typeof import('./unauthorized');
let module: UnauthorizedModule;

beforeEach(async () => {
  vi.resetModules();
  module = await import('./unauthorized');
});

describe('the 401 handler', () => {
  it('calls the handler the app set', () => {
    const handler = vi.fn();
    module.setUnauthorizedHandler(handler);
    module.onUnauthorized();
    module.onUnauthorized();
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('keeps a 401 that arrived before the app set its handler, and hands it over once', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { assign });
    try {
      module.onUnauthorized();
      module.onUnauthorized();
      const handler = vi.fn();
      module.setUnauthorizedHandler(handler);
      expect(handler).toHaveBeenCalledTimes(1);
      // No full page load: the router takes the seller to /login.
      expect(assign).not.toHaveBeenCalled();
      const next = vi.fn();
      module.setUnauthorizedHandler(next);
      expect(next).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
