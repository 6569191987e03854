/**
 * Imported first by a bench: the logger takes LOG_LEVEL when it is imported, which is before the
 * bench's own code runs (setting it in main() is too late).
 */
process.env.LOG_LEVEL ??= 'silent';
