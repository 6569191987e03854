import { AVATAR_MAX_BYTES, avatarContentTypes } from '@contracts/chatbot';

const SUPPORTED_TYPES: readonly string[] = avatarContentTypes;

/**
 * Spec 000 section 5: an avatar (an assistant's, or a person's own) is an image of at most 5 MB.
 * Returns the refusal toast, if any; the server refuses the same.
 */
export function avatarFileRefusal(file: File): { title: string; description: string } | null {
  if (!file.type.startsWith('image/')) return { title: 'Invalid file', description: 'Please select an image file' };
  if (file.size > AVATAR_MAX_BYTES) return { title: 'File too large', description: 'Please select an image under 5MB' };
  if (!SUPPORTED_TYPES.includes(file.type)) {
    return { title: 'Invalid file', description: 'Please select a PNG, JPEG, GIF, WebP or SVG image' };
  }
  return null;
}
