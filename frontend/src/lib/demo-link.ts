/** The public demo link of an assistant (spec 000 'Share Demo dialog', spec 001 'Demo page'). */
export function demoLink(chatbotId: string, origin = window.location.origin): string {
  return `${origin}/demo?id=${encodeURIComponent(chatbotId)}`;
}
