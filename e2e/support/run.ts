/**
 * What the global setup (global-setup.ts) hands to the test workers, through environment
 * variables that Playwright passes on to them: where the server of the run answers and the
 * values the tests need to talk to it.
 */
export interface RunSettings {
  /** The server: the API and the built web app (`http://127.0.0.1:<port>`). */
  baseUrl: string;
  /** The server's INTERNAL_API_SECRET, for the member site's signed calls. */
  internalApiSecret: string;
  /**
   * The member site (`http://localhost:<port>`), listed in the server's CORS_ORIGINS: an empty
   * page at every path (support/other-site.ts), which a test's script fills.
   */
  crossOrigin: string;
  /** The run's mailbox: every message the server sent to its SMTP peer (`GET /messages`). */
  mailboxUrl: string;
  /**
   * The reference storefront (examples/member-site, `http://localhost:<port>`), talking to the
   * run's server with the run's secret.
   */
  storefrontUrl: string;
}

const variables = {
  baseUrl: 'E2E_BASE_URL',
  internalApiSecret: 'E2E_INTERNAL_API_SECRET',
  crossOrigin: 'E2E_CROSS_ORIGIN',
  mailboxUrl: 'E2E_MAILBOX_URL',
  storefrontUrl: 'E2E_STOREFRONT_URL',
} as const satisfies Record<keyof RunSettings, string>;

/** Sets the variables in the global setup's process; the workers inherit them. */
export function publishRunSettings(settings: RunSettings): void {
  for (const [key, variable] of Object.entries(variables)) {
    process.env[variable] = settings[key as keyof RunSettings];
  }
}

/** The run's settings, in a worker. */
export function runSettings(): RunSettings {
  const read = (variable: string) => {
    const value = process.env[variable];
    if (!value) {
      throw new Error(
        `${variable} is not set: run the browser tests with \`npm run test:e2e\` (the global setup starts the server)`,
      );
    }
    return value;
  };
  return {
    baseUrl: read(variables.baseUrl),
    internalApiSecret: read(variables.internalApiSecret),
    crossOrigin: read(variables.crossOrigin),
    mailboxUrl: read(variables.mailboxUrl),
    storefrontUrl: read(variables.storefrontUrl),
  };
}
