import { decodeTokenPayload, getToken } from '@/lib/auth-token';

/**
 * Whether this browser last saw the seller's getting-started checklist closed or complete. It
 * only decides what the dashboard shows before the server answers: the checklist's place is
 * kept while it is expected, so that nothing below it moves when it arrives. The server's
 * answer always wins.
 */
const prefix = 'seller-center:getting-started-hidden:';

function key(): string | undefined {
  const token = getToken();
  const subject = token ? decodeTokenPayload(token)?.sub : undefined;
  return typeof subject === 'string' ? `${prefix}${subject}` : undefined;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function checklistLastHidden(): boolean {
  const name = key();
  return name ? storage()?.getItem(name) === '1' : false;
}

export function rememberChecklistHidden(hidden: boolean): void {
  const name = key();
  if (!name) return;
  if (hidden) storage()?.setItem(name, '1');
  else storage()?.removeItem(name);
}
