import type { Profile } from '@seller/contract/auth/get-profile';
import { CameraIcon, Loader2Icon } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@/components/notice-alert';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { errorMessage } from '@/lib/error-messages';
import { type UploadErrorCode, uploadErrorOf } from '@/lib/upload/uploader';
import { useUpdateAvatar } from '../api/update-avatar';
import { avatarAccept, avatarProblem } from '../lib/avatar-rules';

type AvatarTextKey = 'profile.imageTooLarge' | 'profile.invalidImageType';

/** The upload failures the avatar names itself; others are the API error's or the default. */
const avatarUploadTexts: Partial<Record<UploadErrorCode, AvatarTextKey>> = {
  too_large: 'profile.imageTooLarge',
  invalid_type: 'profile.invalidImageType',
};

/** The profile card's avatar: click it to pick a new image, which is uploaded and saved. */
export function AvatarPicker({
  profile,
  initials,
  onNotice,
}: {
  profile: Profile;
  initials: string;
  onNotice: (notice: Notice | null) => void;
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
      const uploadCode = uploadErrorOf(error)?.code;
      const own = uploadCode ? avatarUploadTexts[uploadCode] : undefined;
      onNotice({
        kind: 'error',
        text: own ? t(own) : errorMessage(t, error, t('profile.avatarUpdateFailed')),
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
        {/* After the picture or the initials it shows, so that its name contains them. */}
        <span className="sr-only">{t('profile.avatarChange')}</span>
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
        accept={avatarAccept}
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
