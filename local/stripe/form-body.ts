/**
 * Stripe's SDK sends parameters form-encoded with brackets (`line_items[0][price]=...`,
 * `metadata[user_id]=...`); this reads them back into the nested objects and arrays the API sees.
 */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const [head, ...rest] = rawKey.split('[');
    const path = [head!, ...rest.map((part) => part.replace(/\]$/, ''))];
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((key, i) => {
      const last = i === path.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        if (Array.isArray(node) && key === '') node.push(value);
        else container[key] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(path[i + 1]!);
      container[key] ??= nextIsIndex ? [] : {};
      node = container[key] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}
