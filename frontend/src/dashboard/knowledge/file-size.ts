const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;
const STEP = 1024;

/**
 * A file size as people read it (spec 000 section 9: units from Bytes to GB): binary steps, at most two
 * decimals without trailing zeros, e.g. 0 Bytes, 512 Bytes, 1.5 KB, 2.25 MB. Sizes past 1024 GB stay in GB.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(STEP)));
  const value = Number((bytes / STEP ** unit).toFixed(2));
  return `${value} ${UNITS[unit]}`;
}
