import { CheckIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/class-names';
import { validationParams } from '@/lib/validation-message';
import { passwordChecklist } from '../lib/password-rules';

/** Live checklist under the signup password (at least 6 characters, a digit, a letter). */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation();
  const checks = passwordChecklist(password);
  const items = [
    { met: checks.minLength, label: t('auth.checklist.minLength', validationParams) },
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
            'flex items-center gap-1.5',
            item.met ? 'text-success' : 'text-muted-foreground',
          )}
        >
          {item.met ? (
            <CheckIcon className="size-3.5" aria-hidden="true" />
          ) : (
            <XIcon className="size-3.5" aria-hidden="true" />
          )}
          <span>{item.label}</span>
          <span className="sr-only">
            ({item.met ? t('auth.checklist.met') : t('auth.checklist.notMet')})
          </span>
        </li>
      ))}
    </ul>
  );
}
