import Bowser from 'bowser';

export interface Device {
  /** `Chrome 131`; null when the User-Agent names no browser we know. */
  browser: string | null;
  /** `macOS`, `Android 14`, `Windows 10`; null when unknown. */
  os: string | null;
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
