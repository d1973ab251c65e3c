import {
  type Control,
  type FieldPathByValue,
  type FieldValues,
  type UseFormClearErrors,
  useController,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { fieldErrorText } from '@/lib/validation-message';

/**
 * A form's choice of several codes (a token's scopes, a webhook's events): a checkbox for
 * each, the code as its label and what it means under it. The chosen codes keep the order of
 * `codes`; choosing clears the field's error, which shows under the group.
 */
export function CodeCheckboxes<Form extends FieldValues, Code extends string>({
  control,
  name,
  clearErrors,
  idPrefix,
  legend,
  codes,
  hint,
  testIdPrefix,
  disabled,
}: {
  control: Control<Form>;
  name: FieldPathByValue<Form, Code[]>;
  clearErrors: UseFormClearErrors<Form>;
  /** Ids are `<prefix>-<code>` (punctuation made dashes) and `<prefix>-error`. */
  idPrefix: string;
  legend: string;
  codes: readonly Code[];
  /** What the code lets through, in the seller's words. */
  hint: (code: Code) => string;
  /** Each checkbox is `<prefix>-<code>` for the tests. */
  testIdPrefix: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const value: readonly Code[] = field.value;
  const error = fieldErrorText(t, fieldState.error?.message);
  const errorId = `${idPrefix}-error`;
  const choose = (chosen: Code[]) => {
    clearErrors(name);
    field.onChange(chosen);
  };
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {codes.map((code) => {
        const id = `${idPrefix}-${code.replace(/[^a-z0-9]/gi, '-')}`;
        return (
          <div key={code} className="flex items-start gap-3">
            <Checkbox
              id={id}
              checked={value.includes(code)}
              disabled={disabled}
              aria-describedby={`${id}-hint`}
              className="mt-0.5"
              data-testid={`${testIdPrefix}-${code}`}
              onCheckedChange={(next) =>
                choose(
                  next === true
                    ? codes.filter((c) => c === code || value.includes(c))
                    : value.filter((c) => c !== code),
                )
              }
            />
            <div className="grid min-w-0 gap-0.5">
              <Label htmlFor={id} className="font-mono text-sm">
                {code}
              </Label>
              <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                {hint(code)}
              </p>
            </div>
          </div>
        );
      })}
      {error ? (
        <p id={errorId} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
