export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** Longest side after re-encoding: enough for an avatar on a high-density phone screen. */
export const PROFILE_PICTURE_MAX_SIDE = 512;
/** Refuse decompression bombs: a small file that decodes to an enormous bitmap. */
export const PROFILE_PICTURE_MAX_INPUT_PIXELS = 50_000_000;
