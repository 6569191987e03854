/** The one script tag an owner pastes into their site (the widget itself is `embed.js`). */
export function embedCode(siteUrl: string, chatbotId: string): string {
  return `<script src="${siteUrl}/embed.js" data-chatbot-id="${chatbotId}" async></script>`;
}
