/*
 * Notes the login page shows above its form when another screen sends the seller there, in
 * the router state: apart from paths.ts, which every page loads.
 */

/** What the login page can be told: a new password was just set, or the account deleted. */
export type LoginNote = 'passwordReset' | 'accountDeleted';

/** The router state that carries a note (the login page reads only `loginNote`). */
export interface LoginNoteState {
  loginNote: LoginNote;
}

/** The router state that opens the login page with `note` above the form. */
export function loginState(note: LoginNote): LoginNoteState {
  return { loginNote: note };
}
