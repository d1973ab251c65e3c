import { z } from 'zod';
import { signupBody } from './signup.ts';

export const signupForm = signupBody
  .extend({
    confirmPassword: z.string().min(1, 'confirmPasswordRequired'),
    agreeToTerms: z.boolean().refine((agreed) => agreed, 'termsRequired'),
  })
  .refine((form) => form.confirmPassword === form.password, {
    path: ['confirmPassword'],
    message: 'passwordMismatch',
  });
export type SignupForm = z.infer<typeof signupForm>;
