/**
 * The only module that reads build-time settings (`import.meta.env`). Everything else imports
 * the values from here.
 */
const defaultMemberSiteUrl = 'https://member.example.com';

function readMemberSiteUrl(): string {
  const raw = import.meta.env.VITE_MEMBER_SITE_URL;
  const value = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : defaultMemberSiteUrl;
  return value.replace(/\/+$/, '');
}

export const env = {
  /** The external member (customer) site that the login screen links to. */
  memberSiteUrl: readMemberSiteUrl(),
  isDevelopment: import.meta.env.DEV,
} as const;
