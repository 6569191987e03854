/**
 * Spec 000 section 9: 6 preset avatars, shipped with the app in public/preset-avatars/ (not /avatars/:
 * on the distribution that path serves the uploaded avatars bucket).
 */
export const PRESET_AVATARS = [
  { file: 'robot.svg', name: 'Blue robot' },
  { file: 'smile.svg', name: 'Smiling assistant' },
  { file: 'headset.svg', name: 'Support agent' },
  { file: 'sparkle.svg', name: 'AI sparkle' },
  { file: 'owl.svg', name: 'Wise owl' },
  { file: 'chat.svg', name: 'Chat bubble' },
] as const;

/**
 * The absolute URL of a preset: agent_image must be a full URL, since the embed widget shows it on the
 * customer's own website.
 */
export function presetAvatarUrl(file: string, origin: string = window.location.origin): string {
  return `${origin}/preset-avatars/${file}`;
}
