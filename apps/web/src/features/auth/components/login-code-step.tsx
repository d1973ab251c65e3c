import { zodResolver } from '@hookform/resolvers/zod';
import { recoveryCodeSchema, totpCodeSchema } from '@seller/contract/auth/two-factor';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OneTimeCodeInput } from '@/components/ui/one-time-code-input';
import { apiErrorOf } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-messages';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { fieldErrorText } from '@/lib/validation-message';
import { completeTwoFactorLogin } from '../api/login-two-factor';
import { AuthForm } from './auth-form';

type Proof = 'code' | 'recoveryCode';

interface ProofValues {
  code: string;
  recoveryCode: string;
}

/** Each way of proving the second factor checks its own field only. */
const proofSchemas: Record<Proof, z.ZodType<ProofValues, ProofValues>> = {
  code: z.object({ code: totpCodeSchema, recoveryCode: z.string() }),
  recoveryCode: z.object({ code: z.string(), recoveryCode: recoveryCodeSchema }),
};

/** How a refused code comes back: the server's error code, or the contract's message key. */
const refusedCodeMessages: ReadonlySet<string> = new Set([
  'two_factor_code_invalid',
  'twoFactorCodeInvalid',
]);

export interface LoginCodeStepProps {
  /** What the password step answered; proves the password was right, for a few minutes. */
  challenge: string;
  onSuccess: (token: string) => void;
  /** The challenge is over (expired, used up): back to the password step with `message`. */
  onRestart: (message: string) => void;
  /** The seller goes back to the password step. */
  onCancel: () => void;
}

/**
 * The second step of signing in, for a seller with two-factor sign-in on: a code from the
 * authenticator app, or one of the recovery codes. Loaded only when the password step asks
 * for it (the login page's first load leaves it out).
 */
export function LoginCodeStep(props: LoginCodeStepProps) {
  const [proof, setProof] = useState<Proof>('code');
  // A new form for each way: its own field, its own errors, the focus in its field.
  return (
    <ProofForm
      key={proof}
      proof={proof}
      onSwitch={() => setProof(proof === 'code' ? 'recoveryCode' : 'code')}
      {...props}
    />
  );
}

function ProofForm({
  proof,
  onSwitch,
  challenge,
  onSuccess,
  onRestart,
  onCancel,
}: LoginCodeStepProps & { proof: Proof; onSwitch: () => void }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, clearErrors, setFocus, formState } =
    useForm<ProofValues>({
      resolver: zodResolver(proofSchemas[proof]),
      mode: 'onSubmit',
      reValidateMode: 'onSubmit',
      defaultValues: { code: '', recoveryCode: '' },
    });

  // The field takes the focus as the step appears, and after each switch.
  useEffect(() => setFocus(proof), [setFocus, proof]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const body =
        proof === 'code'
          ? { challenge, code: values.code }
          : { challenge, recoveryCode: values.recoveryCode };
      const { token } = await completeTwoFactorLogin(body);
      onSuccess(token);
    } catch (error) {
      if (apiErrorOf(error)?.code === 'two_factor_challenge_invalid') {
        onRestart(errorMessage(t, error, t('error.loginFailed')));
        return;
      }
      // A wrong code stays on this step, under its field, which keeps the focus.
      if (applyServerFieldErrors(error, [proof], setError, { two_factor_code_invalid: proof })) {
        return;
      }
      setFormError(errorMessage(t, error, t('error.loginFailed')));
    }
  });

  const edited = () => {
    clearErrors(proof);
    setFormError(null);
  };
  const message = formState.errors[proof]?.message;
  // A refused recovery code says so (it may also have been used already), not "check your app".
  const error =
    proof === 'recoveryCode' && message !== undefined && refusedCodeMessages.has(message)
      ? t('auth.twoFactor.recoveryCodeInvalid')
      : fieldErrorText(t, message);
  const submitting = formState.isSubmitting;

  return (
    <div className="grid gap-5" data-testid="login-code-step">
      <div className="grid gap-1.5">
        <h2 className="text-lg leading-tight font-semibold">{t('auth.twoFactor.title')}</h2>
        <p className="text-sm text-muted-foreground">
          {proof === 'code'
            ? t('auth.twoFactor.codeDescription')
            : t('auth.twoFactor.recoveryDescription')}
        </p>
      </div>
      <AuthForm
        onSubmit={(event) => void submit(event)}
        submitting={submitting}
        formError={formError}
        submitLabel={submitting ? t('auth.twoFactor.submitting') : t('auth.twoFactor.submit')}
      >
        {proof === 'code' ? (
          <FormField id="code" label={t('auth.twoFactor.code')} error={error}>
            <OneTimeCodeInput
              {...fieldAria('code', error)}
              className="h-12 text-center text-lg"
              disabled={submitting}
              {...register('code', { onChange: edited })}
            />
          </FormField>
        ) : (
          <FormField id="recoveryCode" label={t('auth.twoFactor.recoveryCode')} error={error}>
            <Input
              {...fieldAria('recoveryCode', error)}
              className="h-12 font-mono tracking-wider"
              autoComplete="off"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              disabled={submitting}
              {...register('recoveryCode', { onChange: edited })}
            />
          </FormField>
        )}
      </AuthForm>
      <div className="grid justify-items-center gap-1">
        <Button type="button" variant="link" onClick={onSwitch} disabled={submitting}>
          {proof === 'code'
            ? t('auth.twoFactor.useRecoveryCode')
            : t('auth.twoFactor.useAuthenticator')}
        </Button>
        <Button
          type="button"
          variant="link"
          className="text-muted-foreground"
          onClick={onCancel}
          disabled={submitting}
        >
          {t('auth.twoFactor.back')}
        </Button>
      </div>
    </div>
  );
}
