import Bowser from 'bowser';

export interface Device {
  /** `Chrome 131`; null when the User-Agent names no browser we know. */
  browser: string | null;
  /** `macOS`, `Android 14`, `Windows 10`; null when unknown. */
  os: string | null;
}

/** The longest User-Agent kept; real browsers send a few hundred characters. */
export const storedUserAgentMax = 512;

/**
 * The User-Agent as sessions, the activity log and deliveries store it: at most `storedUserAgentMax`
 * characters (whole code points, never half of one), without the NUL characters the database
 * refuses; null when there is none. Every row that keeps a User-Agent takes it from here.
 */
export function storedUserAgent(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const kept = Array.from(userAgent.replaceAll('\u0000', '')).slice(0, storedUserAgentMax);
  return kept.length > 0 ? kept.join('') : null;
}

const majorVersion = (version: string | undefined) => version?.split('.')[0];

const join = (name: string | undefined, version: string | undefined) =>
  name ? [name, version].filter(Boolean).join(' ') : null;

/** What a seller recognises a browser by, read from its User-Agent. */
export function describeUserAgent(userAgent: string | null | undefined): Device {
  if (!userAgent) return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  const os = parsed.os.name;
  // Windows' version is the marketing name (`10`); elsewhere the major version is enough.
  const osVersion = os === 'Windows' ? parsed.os.versionName : majorVersion(parsed.os.version);
  return {
    browser: join(parsed.browser.name, majorVersion(parsed.browser.version)),
    // macOS reports a frozen `10.15.7` whatever the release: the name alone says the truth.
    os: join(os, os === 'macOS' ? undefined : osVersion),
  };
}
