/**
 * The kind of account this service signs in, kept by the web app beside the session. A file of
 * its own: the web app's first load needs this one value, not the limits.
 */
export const userType = 'seller' as const;
