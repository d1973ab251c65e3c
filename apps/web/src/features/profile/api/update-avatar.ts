import type { Profile } from '@seller/contract/auth/get-profile';
import { updateAvatarEndpoint } from '@seller/contract/uploads/update-avatar';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { uploadFile } from '@/lib/upload/uploader';
import { profileKeys } from './profile-keys';

/**
 * An avatar upload URL, the bytes by direct PUT (the uploader), then
 * `PUT /api/auth/avatar` with the public URL. Answers the updated profile.
 */
export async function changeAvatar(file: File): Promise<Profile> {
  const uploaded = await uploadFile(file, { kind: 'avatar' });
  // An image upload always has a public address; only product files have none.
  if (uploaded.publicUrl === null) throw new Error('The avatar upload has no public address');
  return apiRequest(updateAvatarEndpoint, { body: { avatarUrl: uploaded.publicUrl } });
}

export function useUpdateAvatar(config: MutationConfig<Profile, File> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: changeAvatar,
    onSuccess: async (profile, ...rest) => {
      // The profile card and the avatar menu of the top navigation both read this query.
      queryClient.setQueryData(profileKeys.me(), profile);
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      return config.onSuccess?.(profile, ...rest);
    },
  });
}
