/** Cache keys of the inbox, per signed-in user. */
export const inboxKeys = {
  all: (userId: string) => ['inbox', userId] as const,
  /** Every list (all assistants or one, any search): what a new message or reply refreshes. */
  lists: (userId: string) => ['inbox', userId, 'list'] as const,
  list: (userId: string, chatbotId: string | undefined, q: string, tag = '') => ['inbox', userId, 'list', chatbotId ?? 'all', q, tag] as const,
  /** The tags to filter by: a new tag comes with a workflow's run, which a new message announces. */
  tags: (userId: string, chatbotId: string | undefined) => ['inbox', userId, 'list', 'tags', chatbotId ?? 'all'] as const,
  detail: (userId: string, id: string) => ['inbox', userId, 'detail', id] as const,
  /** Under the conversation's `detail`: a live update of the conversation (a workflow made a task) refreshes it too. */
  tasks: (userId: string, conversationId: string) => ['inbox', userId, 'detail', conversationId, 'tasks'] as const,
  /** Under `lists`: a new message or a reply refreshes it too. */
  unread: (userId: string) => ['inbox', userId, 'list', 'unread'] as const,
};
