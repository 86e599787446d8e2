// Timings and limits from the product spec (section 9), kept in one place so they are easy to audit.

/** Delay before the first /api/auth/me lookup. */
export const AUTH_LOOKUP_DELAY_MS = 100;
/** Delay between a successful sign-in/registration and the redirect. */
export const POST_LOGIN_REDIRECT_DELAY_MS = 100;
/** Delay before scrolling to the section named in the URL hash. */
export const SCROLL_TO_ANCHOR_DELAY_MS = 100;
/** Length of each of the three dashboard splash steps. */
export const SPLASH_STEP_MS = 800;
/** The splash has steps 0, 1 and 2; the main screen shows from this step. */
export const SPLASH_MAIN_STEP = 3;
/** How long the "upgrade successful" banner stays on the dashboard. */
export const WELCOME_BANNER_MS = 5_000;
/** Delay between a verified payment and the move to /consent/new. */
export const SUCCESS_REDIRECT_DELAY_MS = 2_000;
/** Delay before a new consent session is created after "Request another check in". */
export const NEW_SESSION_DELAY_MS = 500;
/** Consent session status polling interval. */
export const SESSION_POLL_INTERVAL_MS = 2_000;
/** The QR code canvas: size in pixels and quiet zone in modules. */
export const QR_CANVAS_SIZE_PX = 160;
export const QR_CANVAS_MARGIN = 2;
/** The partner's recording stops by itself after this many seconds. */
export const MAX_RECORDING_SECONDS = 30;
/** Camera resolution asked for while recording. */
export const RECORDING_VIDEO_WIDTH = 720;
export const RECORDING_VIDEO_HEIGHT = 480;
/** Payment verification: time between tries, and the maximum number of tries. */
export const PAYMENT_VERIFY_INTERVAL_MS = 5_000;
export const PAYMENT_VERIFY_MAX_ATTEMPTS = 12;

/** Toasts: at most one visible; a dismissed toast stays in memory this long before removal. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];

/** Tooltips. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Upload limits for the profile picture, matching the gateway (docs/API.md). */
export const PROFILE_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
