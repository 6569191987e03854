/** Cache keys of the assistants API, per signed-in user (a change of user never shows another's data). */
export const chatbotKeys = {
  all: (userId: string) => ['chatbots', userId] as const,
  /** Newest first. Also the prefix of every list, whatever its order. */
  list: (userId: string) => ['chatbots', userId, 'list'] as const,
  /** By business name (assistant selectors). */
  listByName: (userId: string) => ['chatbots', userId, 'list', 'business_name'] as const,
  detail: (userId: string, id: string) => ['chatbots', userId, 'detail', id] as const,
  crawl: (userId: string, id: string) => ['chatbots', userId, 'crawl', id] as const,
  sync: (userId: string, id: string) => ['chatbots', userId, 'sync', id] as const,
  pages: (userId: string, id: string, search: string) => ['chatbots', userId, 'pages', id, search] as const,
};
