import { DeleteObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import type { z } from 'zod';
import type { AccountResponse } from '../../contracts/account.js';
import { AVATAR_MAX_BYTES, avatarContentTypes, type avatarUploadRequestSchema, type avatarUploadResponseSchema } from '../../contracts/chatbot.js';
import { createAvatarUpload } from '../chatbots/avatar-upload.js';
import { ownedAvatarKey } from '../chatbots/owned-avatar.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';
import { badRequest } from '../http/http-error.js';
import type { Identity } from '../http/identity.js';
import { requireEnv } from '../runtime/env.js';
import { log } from '../runtime/log.js';
import { getS3Client } from '../storage/s3-client.js';
import { isMissingObject } from '../storage/missing-object.js';
import { getAccount } from './account.js';

export const NOT_YOUR_UPLOAD_MESSAGE = 'Upload the picture first: avatar_url must be the address your last avatar upload gave.';
export const NOT_UPLOADED_MESSAGE = 'The picture has not arrived yet. Upload it again, then save.';

const SUPPORTED: readonly string[] = avatarContentTypes;

/**
 * A person's own avatar (Settings > Profile), shown to visitors beside their replies. The picture goes
 * to the avatars bucket by the same presigned PUT as an assistant's (type and size are signed), and
 * the address it will have is noted on the caller's profile: that address, and no other, is what they
 * may then set. So a person can only ever show (and, replacing it, delete) a picture they uploaded.
 */
export async function createProfileAvatarUpload(
  identity: Identity,
  request: z.output<typeof avatarUploadRequestSchema>,
): Promise<z.infer<typeof avatarUploadResponseSchema>> {
  // The profile exists from the first GET /account; a caller who skipped it gets it here.
  await getAccount(identity);
  const upload = await createAvatarUpload(request);
  await db().entities.userProfile.patch({ user_id: identity.userId }).set({ avatar_upload: upload.publicUrl }).go();
  return upload;
}

/** Removes a picture of ours that no profile shows any more. Best effort: an orphan costs storage, nothing else. */
async function deletePicture(url: string | undefined, userId: string): Promise<void> {
  const key = ownedAvatarKey(url);
  if (!key) return;
  await getS3Client()
    .send(new DeleteObjectCommand({ Bucket: requireEnv('AVATARS_BUCKET'), Key: key }))
    .catch((error: unknown) => log.warn('Profile avatar not deleted', { userId, error }));
}

/**
 * PUT /account/avatar: the caller's last uploaded picture becomes their avatar, once S3 has it and it is
 * an image of at most 5 MB (checked again here: the signature fixes both on AWS, a stand-in may not);
 * '' removes it. The previous picture is deleted.
 */
export async function setProfileAvatar(identity: Identity, avatarUrl: string): Promise<AccountResponse> {
  const account = await getAccount(identity);
  const previous = account.profile.avatar_url;
  if (avatarUrl === (previous ?? '')) return account;
  if (!avatarUrl) {
    await db().entities.userProfile.patch({ user_id: identity.userId }).remove(['avatar_url']).go();
  } else {
    const { data } = await db().entities.userProfile.get({ user_id: identity.userId }).go({ attributes: ['avatar_upload'] });
    const key = ownedAvatarKey(avatarUrl);
    if (!key || avatarUrl !== data?.avatar_upload) throw badRequest(NOT_YOUR_UPLOAD_MESSAGE);
    const head = await getS3Client()
      .send(new HeadObjectCommand({ Bucket: requireEnv('AVATARS_BUCKET'), Key: key }))
      .catch((error: unknown) => {
        if (isMissingObject(error)) throw badRequest(NOT_UPLOADED_MESSAGE);
        throw error;
      });
    const type = head.ContentType?.split(';')[0]?.trim().toLowerCase() ?? '';
    const refusal = !SUPPORTED.includes(type) ? 'Please select an image file' : (head.ContentLength ?? 0) > AVATAR_MAX_BYTES ? 'Please select an image under 5MB' : undefined;
    if (refusal) {
      await deletePicture(avatarUrl, identity.userId);
      throw badRequest(refusal);
    }
    // Only while that upload is still the caller's latest: a newer one (another tab) wins.
    await db()
      .entities.userProfile.patch({ user_id: identity.userId })
      .set({ avatar_url: avatarUrl })
      .remove(['avatar_upload'])
      .where((attr, op) => op.eq(attr.avatar_upload, avatarUrl))
      .go()
      .catch((error: unknown) => {
        throw isConditionalFailure(error) ? badRequest(NOT_YOUR_UPLOAD_MESSAGE) : error;
      });
  }
  await deletePicture(previous, identity.userId);
  return getAccount(identity);
}
