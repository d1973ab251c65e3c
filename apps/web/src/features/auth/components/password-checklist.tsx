import { CheckIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/class-names';
import { validationParams } from '@/lib/validation-message';
import { passwordChecklist } from '../lib/password-rules';

/**
 * Live checklist under a password being chosen (at least `minLength` characters — the signup's
 * 6 unless told otherwise —, a digit, a letter).
 */
export function PasswordChecklist({
  password,
  id,
  minLength = validationParams.signupPasswordMin,
}: {
  password: string;
  id?: string;
  minLength?: number;
}) {
  const { t } = useTranslation();
  const checks = passwordChecklist(password, minLength);
  const items = [
    {
      met: checks.minLength,
      label: t('auth.checklist.minLength', { signupPasswordMin: minLength }),
    },
    { met: checks.digit, label: t('auth.checklist.digit') },
    { met: checks.letter, label: t('auth.checklist.letter') },
  ];
  return (
    <ul id={id} aria-label={t('auth.checklist.title')} className="grid gap-1 text-xs">
      {items.map((item) => (
        <li
          key={item.label}
          data-met={item.met}
          className={cn(
            // The mark sits on the label's first line, whole, however the label wraps.
            'grid grid-cols-[auto_minmax(0,1fr)] items-start gap-1.5',
            item.met ? 'text-success' : 'text-muted-foreground',
          )}
        >
          <span className="flex h-[1lh] items-center" aria-hidden="true">
            {item.met ? <CheckIcon className="size-3.5" /> : <XIcon className="size-3.5" />}
          </span>
          <span>{item.label}</span>
          <span className="sr-only">
            ({item.met ? t('auth.checklist.met') : t('auth.checklist.notMet')})
          </span>
        </li>
      ))}
    </ul>
  );
}
