import { z } from 'zod';
import { signupBodySchema } from './signup.ts';

export const signupFormSchema = signupBodySchema
  .extend({
    confirmPassword: z.string().min(1, 'confirmPasswordRequired'),
    agreeToTerms: z.boolean().refine((agreed) => agreed, 'termsRequired'),
  })
  .refine((form) => form.confirmPassword === form.password, {
    path: ['confirmPassword'],
    message: 'passwordMismatch',
  });
export type SignupForm = z.infer<typeof signupFormSchema>;
