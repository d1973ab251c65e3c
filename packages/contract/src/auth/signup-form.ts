import { z } from 'zod';
import { confirmPasswordSchema, withPasswordConfirmation } from '../fields.ts';
import { signupBodySchema } from './signup.ts';

export const signupFormSchema = withPasswordConfirmation(
  signupBodySchema.extend({
    confirmPassword: confirmPasswordSchema,
    agreeToTerms: z.boolean().refine((agreed) => agreed, 'termsRequired'),
  }),
  'password',
);
export type SignupForm = z.infer<typeof signupFormSchema>;
