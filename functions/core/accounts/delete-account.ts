import { deleteSyncSchedule } from '../crawl/engine/sync-schedule.js';
import { AdminDeleteUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { BatchWriteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ownedAvatarKey } from '../chatbots/owned-avatar.js';
import { cancelStripeSubscriptions } from '../billing/cancel-subscriptions.js';
import { getDocumentClient } from '../data/client.js';
import { db } from '../data/db.js';
import { tableDesign } from '../data/table-design.js';
import { badRequest } from '../http/http-error.js';
import type { Identity } from '../http/identity.js';
import { requireEnv } from '../runtime/env.js';
import { DOCUMENT_UPLOADS_PREFIX } from '../documents/upload-storage.js';
import { indexPrefixOf } from '../knowledge/index-location.js';
import { knowledgeFilePrefix } from '../knowledge/knowledge-files.js';
import { getS3Client } from '../storage/s3-client.js';
import { deleteSchedulesOfChatbots } from '../workflows/delete-chatbot-workflows.js';
import { userDirectoryClient } from './user-directory.js';

const BATCH = 25;

/** Ids per scan: each adds three conditions to the filter, which DynamoDB caps at 4 KB. */
const IDS_PER_SCAN = 20;

/**
 * Every key of the table whose item is the owner's or one of their assistants': stored under the id,
 * naming it in its key (a visitor of the assistant, the owner's test chats) or in a rate counter.
 */
async function itemKeysOf(ids: readonly string[]): Promise<Record<string, unknown>[]> {
  const keys: Record<string, unknown>[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_SCAN) {
    const chunk = ids.slice(i, i + IDS_PER_SCAN);
    const values = Object.fromEntries(chunk.map((id, n) => [`:v${n}`, id]));
    const filter = chunk
      .map((_, n) => `user_id = :v${n} OR chatbot_id = :v${n} OR contains(#pk, :v${n}) OR contains(counter_key, :v${n})`)
      .join(' OR ');
    let start: Record<string, unknown> | undefined;
    do {
      const page = await getDocumentClient().send(
        new ScanCommand({
          TableName: requireEnv('TABLE_NAME'),
          FilterExpression: filter,
          ExpressionAttributeNames: { '#pk': tableDesign.partitionKey, '#sk': tableDesign.sortKey },
          ExpressionAttributeValues: values,
          ProjectionExpression: '#pk, #sk',
          ExclusiveStartKey: start,
        }),
      );
      keys.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
  }
  return keys;
}

async function deleteItems(keys: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < keys.length; i += BATCH) {
    let pending = keys.slice(i, i + BATCH).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; pending.length && attempt < 5; attempt++) {
      const result = await getDocumentClient().send(new BatchWriteCommand({ RequestItems: { [requireEnv('TABLE_NAME')]: pending } }));
      pending = (result.UnprocessedItems?.[requireEnv('TABLE_NAME')] ?? []) as typeof pending;
    }
    if (pending.length) throw new Error(`Could not delete ${pending.length} items of the account`);
  }
}

/** Every object under `prefix` in a bucket (knowledge files, unfinished uploads, index versions). */
async function deleteObjectsUnder(bucket: string, prefix: string): Promise<void> {
  let token: string | undefined;
  do {
    const page = await getS3Client().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    const objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
    if (objects.length) await getS3Client().send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects, Quiet: true } }));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/**
 * Account settings' delete (after the owner typed their e-mail address): the paid plan is cancelled on
 * Stripe first (if that fails, nothing is deleted and the owner can try again); then every assistant
 * with all it learned, every conversation and its messages, every item stored under the owner (profile,
 * subscription, knowledge, onboarding, counters...), their files, and last their Cognito user, so a
 * failure on the way leaves an account that can sign in and delete again.
 */
export async function deleteAccount(identity: Identity, confirmEmail: string): Promise<void> {
  if (!identity.email || confirmEmail.toLowerCase() !== identity.email.toLowerCase()) {
    throw badRequest('To delete your account, type your e-mail address exactly as you sign in with it.');
  }
  const { userId } = identity;
  await cancelStripeSubscriptions(userId);

  // The assistants, with everything stored under them (pages, corrections, ratings, visits, transfers,
  // visitors), go with the owner's own items in the sweep below; their files here.
  const [{ data: chatbots }, { data: profile }] = await Promise.all([
    db().entities.chatbot.query.byUser({ user_id: userId }).go({ pages: 'all' }),
    db().entities.userProfile.get({ user_id: userId }).go({ attributes: ['avatar_url'] }),
  ]);
  const chatbotIds = chatbots.map((c) => c.chatbot_id);

  // Conversations name their owner; their messages are keyed by the conversation only.
  const { data: conversations } = await db().entities.conversation.scan.where((attr, op) => op.eq(attr.user_id, userId)).go({ pages: 'all' });
  for (const conversation of conversations) {
    const { data: messages } = await db()
      .entities.message.query.byConversation({ conversation_id: conversation.conversation_id })
      .go({ pages: 'all', attributes: ['conversation_id', 'created_at', 'message_id'] });
    if (messages.length) await db().entities.message.delete(messages).go();
  }
  const documents = requireEnv('DOCUMENTS_BUCKET');
  // The assistants' uploaded avatars and the owner's own picture.
  const avatars = [...chatbots.map((c) => c.agent_image), profile?.avatar_url].flatMap((url) => {
    const key = ownedAvatarKey(url);
    return key ? [{ Key: key }] : [];
  });
  await Promise.all([
    deleteObjectsUnder(documents, knowledgeFilePrefix(userId)),
    deleteObjectsUnder(documents, `${DOCUMENT_UPLOADS_PREFIX}${userId}/`),
    ...chatbotIds.map((id) => deleteObjectsUnder(documents, indexPrefixOf(id))),
    avatars.length ? getS3Client().send(new DeleteObjectsCommand({ Bucket: requireEnv('AVATARS_BUCKET'), Delete: { Objects: avatars, Quiet: true } })) : undefined,
  ]);
  // The workflows' schedules before the items that name them (a later delete could not find them).
  await deleteSchedulesOfChatbots(chatbotIds);
  await Promise.all(chatbotIds.map((id) => deleteSyncSchedule(id)));
  // The items last: a failure above leaves the account whole enough to delete again.
  await deleteItems(await itemKeysOf([userId, ...chatbotIds]));

  try {
    await userDirectoryClient().send(new AdminDeleteUserCommand({ UserPoolId: requireEnv('ACCOUNT_USER_POOL_ID'), Username: identity.email }));
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
}
