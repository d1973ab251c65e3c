import { abortMultipartUpload } from '@seller/contract/uploads/abort-multipart-upload';
import { avatarUploadUrl } from '@seller/contract/uploads/avatar-upload-url';
import { completeMultipartUpload } from '@seller/contract/uploads/complete-multipart-upload';
import { completeUpload } from '@seller/contract/uploads/complete-upload';
import { getPartUploadUrl } from '@seller/contract/uploads/get-part-upload-url';
import { getUploadUrl } from '@seller/contract/uploads/get-upload-url';
import { listUploadedParts } from '@seller/contract/uploads/list-uploaded-parts';
import { startMultipartUpload } from '@seller/contract/uploads/start-multipart-upload';
import { updateAvatar } from '@seller/contract/uploads/update-avatar';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import type { AvatarService } from './avatar.service.ts';
import type { UploadsService } from './uploads.service.ts';

export async function uploadsRoutes(
  app: FastifyInstance,
  options: { uploads: UploadsService; avatar: AvatarService },
) {
  const { uploads, avatar } = options;

  defineRoute(app, getUploadUrl, ({ seller, body }) => uploads.requestUploadUrl(seller.id, body));
  defineRoute(app, completeUpload, ({ seller, body }) =>
    uploads.completeSingle(seller.id, body.s3Key),
  );
  defineRoute(app, startMultipartUpload, ({ seller, body }) =>
    uploads.startMultipart(seller.id, body),
  );
  defineRoute(app, getPartUploadUrl, ({ seller, body }) => uploads.partUploadUrl(seller.id, body));
  defineRoute(app, listUploadedParts, async ({ seller, body }) => ({
    parts: await uploads.listParts(seller.id, body.s3Key, body.uploadId),
  }));
  defineRoute(app, completeMultipartUpload, ({ seller, body }) =>
    uploads.completeMultipart(seller.id, body),
  );
  defineRoute(app, abortMultipartUpload, async ({ seller, body }) => {
    await uploads.abort(seller.id, body.s3Key, body.uploadId);
  });

  defineRoute(app, avatarUploadUrl, ({ seller, body }) =>
    uploads.requestAvatarUploadUrl(seller.id, body),
  );
  defineRoute(app, updateAvatar, ({ seller, body }) => avatar.setAvatar(seller.id, body.avatarUrl));
}
