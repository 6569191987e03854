/** The old way: a hidden textarea and execCommand('copy'), for browsers or pages without the Clipboard API. */
function legacyCopy(text: string): boolean {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.top = '0';
  textarea.style.left = '0';
  textarea.style.opacity = '0';
  document.body.appendChild(textarea);
  const selection = document.getSelection();
  const previous = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  textarea.select();
  let copied = false;
  try {
    // Deprecated but still the only fallback where navigator.clipboard is missing or refused.
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  textarea.remove();
  if (previous && selection) {
    selection.removeAllRanges();
    selection.addRange(previous);
  }
  return copied;
}

/**
 * Copies text: the Clipboard API first, then the fallback copy method. Rejects when both fail
 * (callers show 'Failed to copy' / 'Please copy manually').
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused or not a secure context: try the fallback below.
    }
  }
  if (!legacyCopy(text)) throw new Error('Copying to the clipboard is not available');
}
