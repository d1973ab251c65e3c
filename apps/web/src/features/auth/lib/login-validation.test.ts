import { loginBodySchema } from '@seller/contract/auth/login';
import { describe, expect, it } from 'vitest';
import { type LoginErrors, type LoginValidation, validateLogin } from './login-validation';

/** What the form got from `zodResolver(loginBody)`: the parsed values, or each field's first message. */
function withZod(values: { email: string; password: string }): LoginValidation {
  const result = loginBodySchema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && errors[field] === undefined) {
      errors[field] = issue.message;
    }
  }
  return { success: false, errors };
}

const emails = ['', '   ', 'seller', 'seller@example', ' seller@example.com ', 'a@b.c'];
const passwords = ['', ' ', 'secret', 'x'.repeat(1025)];

describe('validateLogin', () => {
  const cases = emails.flatMap((email) => passwords.map((password) => ({ email, password })));

  it.each(cases)('agrees with loginBody for %j', (values) => {
    expect(validateLogin(values)).toEqual(withZod(values));
  });

  it('sends the email trimmed and the password as typed', () => {
    expect(validateLogin({ email: '  seller@example.com ', password: ' pass ' })).toEqual({
      success: true,
      data: { email: 'seller@example.com', password: ' pass ' },
    });
  });
});
