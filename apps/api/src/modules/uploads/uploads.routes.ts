import { abortMultipartUploadEndpoint } from '@seller/contract/uploads/abort-multipart-upload';
import { avatarUploadUrlEndpoint } from '@seller/contract/uploads/avatar-upload-url';
import { completeMultipartUploadEndpoint } from '@seller/contract/uploads/complete-multipart-upload';
import { completeUploadEndpoint } from '@seller/contract/uploads/complete-upload';
import { getPartUploadUrlEndpoint } from '@seller/contract/uploads/get-part-upload-url';
import { getUploadUrlEndpoint } from '@seller/contract/uploads/get-upload-url';
import { listUploadedPartsEndpoint } from '@seller/contract/uploads/list-uploaded-parts';
import { startMultipartUploadEndpoint } from '@seller/contract/uploads/start-multipart-upload';
import { updateAvatarEndpoint } from '@seller/contract/uploads/update-avatar';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import {
  type RateLimitedRoute,
  type RateLimitedRoutes,
  routeKey,
} from '../../plugins/rate-limit.ts';
import type { AvatarService } from './avatar.service.ts';
import type { UploadsService } from './uploads.service.ts';

/**
 * Upload URLs one seller may ask for in 15 minutes, for files and the avatar together: each
 * one opens an upload that is kept until it is completed or swept.
 */
export function uploadRouteLimits(limits: { urlsPer15Minutes: number }): RateLimitedRoutes {
  const uploadUrls: RateLimitedRoute = {
    rule: { name: 'upload-urls', max: limits.urlsPer15Minutes, windowSeconds: 15 * 60 },
    subject: 'seller',
  };
  return Object.fromEntries(
    [getUploadUrlEndpoint, startMultipartUploadEndpoint, avatarUploadUrlEndpoint].map(
      (endpoint) => [routeKey(endpoint), uploadUrls],
    ),
  );
}

export async function uploadsRoutes(
  app: FastifyInstance,
  options: { uploads: UploadsService; avatar: AvatarService },
) {
  const { uploads, avatar } = options;

  defineRoute(app, getUploadUrlEndpoint, ({ seller, body }) =>
    uploads.requestUploadUrl(seller.id, body),
  );
  defineRoute(app, completeUploadEndpoint, ({ seller, body }) =>
    uploads.completeSingle(seller.id, body.s3Key),
  );
  defineRoute(app, startMultipartUploadEndpoint, ({ seller, body }) =>
    uploads.startMultipart(seller.id, body),
  );
  defineRoute(app, getPartUploadUrlEndpoint, ({ seller, body }) =>
    uploads.partUploadUrl(seller.id, body),
  );
  defineRoute(app, listUploadedPartsEndpoint, async ({ seller, body }) => ({
    parts: await uploads.listParts(seller.id, body.s3Key, body.uploadId),
  }));
  defineRoute(app, completeMultipartUploadEndpoint, ({ seller, body }) =>
    uploads.completeMultipart(seller.id, body),
  );
  defineRoute(app, abortMultipartUploadEndpoint, async ({ seller, body }) => {
    await uploads.abort(seller.id, body.s3Key, body.uploadId);
  });

  defineRoute(app, avatarUploadUrlEndpoint, ({ seller, body }) =>
    uploads.requestAvatarUploadUrl(seller.id, body),
  );
  defineRoute(app, updateAvatarEndpoint, ({ seller, body }) =>
    avatar.setAvatar(seller.id, body.avatarUrl),
  );
}
