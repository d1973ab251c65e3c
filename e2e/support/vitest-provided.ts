/**
 * The values the browser tests that still run on Vitest read with `inject` (their global setup
 * was global-setup.ts before it moved to Playwright Test). Removed with the last of them.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    internalApiSecret: string;
    crossOrigin: string;
    mailboxUrl: string;
  }
}

export {};
