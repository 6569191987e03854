import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../../../frontend/src/dashboard/knowledge/file-size.js';

describe('formatFileSize', () => {
  it('shows Bytes, KB, MB and GB in steps of 1024 with at most two decimals', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1)).toBe('1 Bytes');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatFileSize(2.25 * 1024 * 1024)).toBe('2.25 MB');
    expect(formatFileSize(1234567)).toBe('1.18 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
  });

  it('stays in GB past 1024 GB and reads nonsense as 0 Bytes', () => {
    expect(formatFileSize(2048 * 1024 ** 3)).toBe('2048 GB');
    expect(formatFileSize(-5)).toBe('0 Bytes');
    expect(formatFileSize(Number.NaN)).toBe('0 Bytes');
  });
});
