import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getDocumentClient } from '../data/client.js';
import { isConditionalFailure } from '../data/conditional-failure.js';
import { db } from '../data/db.js';

type Flag = 'unresolved' | 'escalated';

/**
 * Marks a conversation unresolved or escalated on behalf of one reply (a fallback or a handoff), and
 * answers whether that reply is the conversation's first such: the mark names the message that set it
 * (`<flag>_by`), so the same reply counted again (a stream batch delivered twice) is first again, and any
 * other reply, or a thumbs down that marked it first (core/analytics/conversation-flags.ts), is not. A
 * conversation deleted meanwhile counts nothing.
 */
export async function flagConversationOnce(conversationId: string, messageId: string, flag: Flag, at: string): Promise<boolean> {
  const { TableName, Key } = db().entities.conversation.get({ conversation_id: conversationId }).params() as {
    TableName: string;
    Key: Record<string, string>;
  };
  try {
    await getDocumentClient().send(
      new UpdateCommand({
        TableName,
        Key,
        UpdateExpression: 'SET #at = :at, #by = :by',
        ConditionExpression: 'attribute_exists(#pk) AND (attribute_not_exists(#at) OR #by = :by)',
        ExpressionAttributeNames: { '#at': `${flag}_at`, '#by': `${flag}_by`, '#pk': Object.keys(Key)[0]! },
        ExpressionAttributeValues: { ':at': at, ':by': messageId },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}
