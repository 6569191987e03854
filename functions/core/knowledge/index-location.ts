/** Where an assistant's knowledge index versions live in the documents bucket (index-store.ts). */
export const indexPrefixOf = (chatbotId: string) => `indexes/${chatbotId}/`;
