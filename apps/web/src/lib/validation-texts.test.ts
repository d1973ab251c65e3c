import { limits } from '@seller/contract/limits';
import { validationMessages } from '@seller/contract/validation-messages';
import en from '@seller/locales/app/en.json';
import { describe, expect, it } from 'vitest';

/** The values the web app interpolates into its validation texts. */
const params: Record<string, number> = {
  nicknameMin: limits.nickname.min,
  nicknameMax: limits.nickname.max,
  signupPasswordMin: limits.signupPassword.min,
  newPasswordMin: limits.newPassword.min,
  passwordMax: limits.password.max,
  bioMax: limits.bio.max,
  titleMax: limits.title.max,
  filesMax: limits.productFiles.max,
  imagesMax: limits.thumbnails.max,
};

const interpolate = (text: string) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => String(params[name]));

describe("the server's English validation texts", () => {
  it.each(
    Object.entries({ ...en.validation, ...en.products.validation }).filter(([key]) =>
      Object.hasOwn(validationMessages, key),
    ),
  )('say what the web app says in English for %s', (key, text) => {
    expect(validationMessages[key as keyof typeof validationMessages]).toBe(interpolate(text));
  });
});
