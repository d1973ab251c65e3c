import { madeOnce } from './made-once';

let asked = false;

/**
 * The first Intl object a page makes loads the browser's locale data in one piece: 25–50 ms in
 * Chromium on a desktop, four times that on a slow phone, inside whichever render needs it
 * first. This loads it in two tasks of their own, each about half as long: the likely-subtags
 * data (`Intl.Locale#maximize`), then the list of locales the formats have data for
 * (`supportedLocalesOf`). Any format made after them costs about a millisecond (decision 061).
 * Asked once per page, by the modules that define Intl formats (`intlFormat`), as they load.
 */
export function prepareIntlData(): void {
  if (asked) return;
  asked = true;
  setTimeout(() => {
    new Intl.Locale('ko-KR').maximize();
    setTimeout(() => Intl.NumberFormat.supportedLocalesOf(['ko-KR', 'zh-CN', 'en-US']), 0);
  }, 0);
}

/**
 * An Intl format made once per list of arguments (`madeOnce`). Defining one asks for the
 * browser's locale data ahead of the first render that formats (`prepareIntlData`): a screen
 * that imports no Intl format never loads that data.
 */
export function intlFormat<A extends readonly (string | number | undefined)[], T>(
  make: (...args: A) => T,
): (...args: A) => T {
  prepareIntlData();
  return madeOnce(make);
}
