/** A message for the page's green (success) or red (error) banner. */
export interface ProfileNotice {
  kind: 'success' | 'error';
  text: string;
}
