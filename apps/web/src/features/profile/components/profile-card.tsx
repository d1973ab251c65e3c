import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@seller/contract/auth/get-profile';
import { updateProfileBodySchema } from '@seller/contract/auth/update-profile';
import { sanitizeNicknameInput } from '@seller/contract/fields';
import { limits } from '@seller/contract/limits';
import { CalendarIcon, MailIcon, PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Notice } from '@/components/notice-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton, SkeletonStack } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/class-names';
import { errorMessage } from '@/lib/error-messages';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { formatLongDate } from '@/lib/format-date';
import { fieldErrorText } from '@/lib/validation-message';
import { useUpdateProfile } from '../api/update-profile';
import { AvatarPicker } from './avatar-picker';
import { CardHeading } from './card-heading';
import { CardSkeleton } from './card-skeleton';
import { FormActions } from './form-actions';

type ProfileFormInput = z.input<typeof updateProfileBodySchema>;
type ProfileFormOutput = z.output<typeof updateProfileBodySchema>;
const fields = ['nickname', 'bio'] as const;
const fieldOfCode = { nickname_taken: 'nickname' } as const;

function formValues(profile: Profile): { nickname: string; bio: string } {
  return { nickname: profile.nickname ?? '', bio: profile.bio ?? '' };
}

function initials(profile: Profile): string {
  return (profile.nickname || profile.email).slice(0, 2).toUpperCase();
}

/** The profile card: view mode, and an edit mode for nickname and bio. */
export function ProfileCard({
  profile,
  onNotice,
}: {
  profile: Profile;
  onNotice: (notice: Notice | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const form = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: zodResolver(updateProfileBodySchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: formValues(profile),
  });
  const { register, handleSubmit, reset, clearErrors, setError, control, formState } = form;
  const bio = useWatch({ control, name: 'bio' }) ?? '';
  const update = useUpdateProfile();

  const startEditing = () => {
    reset(formValues(profile));
    onNotice(null);
    setEditing(true);
  };

  const cancel = () => {
    reset(formValues(profile));
    clearErrors();
    setEditing(false);
  };

  const onSubmit = handleSubmit(async (values) => {
    onNotice(null);
    try {
      const saved = await update.mutateAsync(values);
      reset(formValues(saved));
      setEditing(false);
      onNotice({ kind: 'success', text: t('profile.profileUpdateSuccess') });
    } catch (error) {
      if (applyServerFieldErrors(error, fields, setError, fieldOfCode)) return;
      onNotice({ kind: 'error', text: errorMessage(t, error, t('profile.profileUpdateFailed')) });
    }
  });

  const nicknameError = fieldErrorText(t, formState.errors.nickname?.message);
  const bioError = fieldErrorText(t, formState.errors.bio?.message);
  const nickname = register('nickname', { onChange: () => clearErrors('nickname') });
  const saving = formState.isSubmitting;
  const bioOver = bio.length > limits.bio.max;

  return (
    <Card data-testid="profile-card">
      <CardHeading title={t('profile.cardTitle')} />
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <div className="flex items-center gap-4">
          <AvatarPicker profile={profile} initials={initials(profile)} onNotice={onNotice} />
          <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1">
            <p className="truncate text-lg font-semibold" data-testid="profile-nickname">
              {profile.nickname ?? (
                <span className="font-normal text-muted-foreground">{t('profile.noNickname')}</span>
              )}
            </p>
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <MailIcon className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">{t('profile.email')}: </span>
              <span className="truncate" data-testid="profile-email">
                {profile.email}
              </span>
            </p>
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <CalendarIcon className="size-4 shrink-0" aria-hidden="true" />
              <span>
                {t('profile.memberSince', {
                  date: formatLongDate(profile.createdAt, i18n.resolvedLanguage),
                })}
              </span>
            </p>
          </div>
        </div>

        {editing ? (
          <form id="profile-form" onSubmit={onSubmit} noValidate className="grid gap-5">
            <FormField
              id="profile-nickname-input"
              label={t('profile.nickname')}
              hint={t('profile.nicknameHint')}
              error={nicknameError}
            >
              <Input
                {...fieldAria('profile-nickname-input', nicknameError, true)}
                autoComplete="username"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                maxLength={limits.nickname.max}
                disabled={saving}
                {...nickname}
                onChange={(event) => {
                  event.target.value = sanitizeNicknameInput(event.target.value);
                  return nickname.onChange(event);
                }}
              />
            </FormField>
            <FormField
              id="profile-bio-input"
              label={t('profile.bio')}
              error={bioError}
              labelAside={
                <span
                  className={cn(
                    'text-xs tabular-nums',
                    bioOver ? 'font-medium text-destructive' : 'text-muted-foreground',
                  )}
                  aria-live="polite"
                  data-testid="bio-counter"
                >
                  {t('profile.bioCounter', { length: bio.length, max: limits.bio.max })}
                </span>
              }
            >
              <Textarea
                {...fieldAria('profile-bio-input', bioError)}
                rows={5}
                placeholder={t('profile.bioPlaceholder')}
                disabled={saving}
                {...register('bio', { onChange: () => clearErrors('bio') })}
              />
            </FormField>
          </form>
        ) : (
          <div className="grid gap-1.5">
            <h3 className="text-sm font-medium">{t('profile.bio')}</h3>
            <p
              className="text-sm whitespace-pre-wrap break-words text-muted-foreground"
              data-testid="profile-bio"
            >
              {profile.bio ?? t('profile.noBio')}
            </p>
          </div>
        )}
      </CardContent>
      <CardFooter className="justify-end gap-2">
        {editing ? (
          <FormActions
            onCancel={cancel}
            submitting={saving}
            submitText={t('common.save')}
            submittingText={t('common.saving')}
            form="profile-form"
          />
        ) : (
          <Button type="button" variant="outline" onClick={startEditing}>
            <PencilIcon aria-hidden="true" />
            {t('profile.edit')}
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

export function ProfileCardSkeleton() {
  return (
    <CardSkeleton
      data-testid="profile-skeleton"
      heading={['h-6 w-32']}
      contentClassName="grid gap-6"
    >
      <div className="flex items-center gap-4">
        <Skeleton className="size-16 rounded-full" />
        <SkeletonStack className="flex-1" bars={['h-5 w-40', 'h-4 w-56', 'h-4 w-36']} />
      </div>
      <SkeletonStack bars={['h-4 w-16', 'h-4 w-full', 'h-4 w-2/3']} />
    </CardSkeleton>
  );
}
