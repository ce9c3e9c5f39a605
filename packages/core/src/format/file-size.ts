/** Bytes in a megabyte for upload limits (platform.md section 9: "Bytes per MB 1,000,000"). */
export const BYTES_PER_MB = 1_000_000;

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/**
 * A human file size in 1024-based units, one decimal at most: 512 -> "512 B",
 * 1536 -> "1.5 KB", 1048576 -> "1 MB". Throws for a negative or non-finite size.
 */
export function humanFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`File size must be a non-negative number of bytes, got ${bytes}`);
  let value = bytes;
  let unit = 0;
  while (unit < UNITS.length - 1 && Math.round(value * 10) / 10 >= 1024) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${UNITS[unit]}`;
}

/** Megabytes (1,000,000 bytes each) as bytes, for limits stated in MB. */
export function megabytesToBytes(mb: number): number {
  return Math.round(mb * BYTES_PER_MB);
}
