import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

/**
 * A choice of several codes (a token's scopes, a webhook's events): a checkbox for each, the
 * code as its label and what it means under it. The chosen codes keep the order of `codes`.
 */
export function CodeCheckboxes<Code extends string>({
  legend,
  codes,
  value,
  onChange,
  inputId,
  hint,
  testIdPrefix,
  error,
  errorId,
  disabled,
}: {
  legend: string;
  codes: readonly Code[];
  value: readonly Code[];
  onChange: (chosen: Code[]) => void;
  inputId: (code: Code) => string;
  /** What the code lets through, in the seller's words. */
  hint: (code: Code) => string;
  /** Each checkbox is `<prefix>-<code>` for the tests. */
  testIdPrefix: string;
  /** The translated error, if any, shown under the group as `errorId`. */
  error: string | undefined;
  errorId: string;
  disabled: boolean;
}) {
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {codes.map((code) => {
        const id = inputId(code);
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
                onChange(
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
