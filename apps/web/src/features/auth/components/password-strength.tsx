import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/class-names';
import { passwordStrength, type StrengthLevel, strengthLevels } from '../lib/password-rules';

const barColour: Record<StrengthLevel, string> = {
  weak: 'bg-destructive',
  fair: 'bg-orange-500',
  good: 'bg-warning',
  strong: 'bg-lime-600',
  veryStrong: 'bg-success',
};

/**
 * Five-level strength meter (Weak, Fair, Good, Strong, Very Strong); a password shorter than
 * `minLength` (the signup's unless told otherwise) stays weak.
 */
export function PasswordStrength({
  password,
  minLength,
}: {
  password: string;
  minLength?: number;
}) {
  const { t } = useTranslation();
  if (!password) return null;
  const { level, score } = passwordStrength(password, minLength);
  const label = t(`auth.strength.${level}`);
  return (
    <div className="grid gap-1" data-testid="password-strength" data-level={level}>
      <meter
        className="sr-only"
        aria-label={t('auth.strength.label')}
        aria-valuetext={label}
        min={1}
        max={strengthLevels.length}
        value={score + 1}
      />
      <div aria-hidden="true" className="grid grid-cols-5 gap-1">
        {strengthLevels.map((step, index) => (
          <span
            key={step}
            className={cn('h-1.5 rounded-full', index <= score ? barColour[level] : 'bg-muted')}
          />
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        {t('auth.strength.label')}: <span className="font-medium text-foreground">{label}</span>
      </p>
    </div>
  );
}
