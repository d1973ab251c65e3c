import type { Profile } from '@seller/contract/auth/get-profile';
import { CameraIcon, Loader2Icon } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { ApiError } from '@/lib/api-client';
import { UploadError } from '@/lib/upload/uploader';
import { useUpdateAvatar } from '../api/update-avatar';
import { avatarProblem } from '../lib/avatar-rules';
import type { ProfileNotice } from './profile-notice';

/** Spec section 8: the server's error, then the exception's message, then the default. */
function avatarErrorText(error: unknown, fallback: string, tooLarge: string, badType: string) {
  if (error instanceof UploadError) {
    if (error.code === 'too_large') return tooLarge;
    if (error.code === 'invalid_type') return badType;
    if (error.cause instanceof ApiError && error.cause.serverMessage) {
      return error.cause.serverMessage;
    }
    return fallback;
  }
  if (error instanceof ApiError) return error.serverMessage || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The profile card's avatar: click it to pick a new image, which is uploaded and saved. */
export function AvatarPicker({
  profile,
  initials,
  onNotice,
}: {
  profile: Profile;
  initials: string;
  onNotice: (notice: ProfileNotice | null) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const update = useUpdateAvatar();
  const uploading = update.isPending;
  const name = profile.nickname ?? profile.email;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    onNotice(null);
    const problem = avatarProblem(file);
    if (problem) {
      onNotice({ kind: 'error', text: t(`profile.${problem}`) });
      return;
    }
    try {
      await update.mutateAsync(file);
      onNotice({ kind: 'success', text: t('profile.avatarUpdateSuccess') });
    } catch (error) {
      onNotice({
        kind: 'error',
        text: avatarErrorText(
          error,
          t('profile.avatarUpdateFailed'),
          t('profile.imageTooLarge'),
          t('profile.invalidImageType'),
        ),
      });
    }
  };

  return (
    <div className="relative shrink-0">
      <button
        type="button"
        className="group relative rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-wait"
        onClick={() => input.current?.click()}
        disabled={uploading}
        aria-label={t('profile.avatarChange')}
        title={t('profile.avatarHint')}
        data-testid="avatar-button"
      >
        <Avatar className="size-16 text-lg">
          {profile.avatarUrl ? (
            <AvatarImage
              src={profile.avatarUrl}
              alt={t('profile.avatarAlt', { name })}
              data-testid="profile-avatar-image"
            />
          ) : null}
          <AvatarFallback>{initials}</AvatarFallback>
        </Avatar>
        <span className="absolute inset-0 flex items-center justify-center rounded-full bg-black/40 text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
          <CameraIcon className="size-5" aria-hidden="true" />
        </span>
        {uploading ? (
          <span
            className="absolute inset-0 flex items-center justify-center rounded-full bg-black/50 text-white"
            data-testid="avatar-uploading"
          >
            <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
            <span className="sr-only">{t('profile.avatarUploading')}</span>
          </span>
        ) : null}
      </button>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          void onFile(file);
        }}
        data-testid="avatar-input"
      />
    </div>
  );
}
