// Business constants of docs/product.md section 9; the length caps for names and e-mail are ours (RFC 5321 for e-mail).
export const Limits = {
  signInClicksAllowed: 2,
  // ours: how long the sign-in button stays disabled after too many clicks
  signInClickPauseMs: 30_000,
  passwordMinLength: 9,
  passwordMaxLength: 16,
  mobileDigits: 10,
  mobilePrefix: '+91',
  codeLength: 6,
  descriptionMax: 200,
  maxIpsPerApp: 5,
  ipChangeCooldownDays: 15,
  documentMaxBytes: 1024 * 1024,
  iconMaxBytes: 1024 * 1024,
  iconWidth: 55,
  iconHeight: 55,
  apiKeyMaskVisible: 10,
  apiKeyMaskThreshold: 15,
  logoNameVisible: 12,
  /** Ours: the icon's own file name is stored with at most this many characters, its end kept. */
  logoNameMax: 100,
  desktopMinWidth: 768,
  narrowMaxWidth: 720,
  drawerHeightVh: 80,
  urlPrefix: 'https://',
  requestRetries: 1,
  appNameMax: 100,
  nameMax: 100,
  emailMax: 254,
  /** Ours: the operator's reason for a rejected proof, shown on the IP's row. */
  rejectionReasonMax: 500,
} as const;

/**
 * Ours (docs/decisions/010): failed sign-ins lock the account for untrusted
 * clients, one client address of an account sooner, and a trusted device (one that signed
 * in before and holds the device cookie) only by its own count. Each lock lasts 30 s,
 * doubling per further failure up to 15 minutes; a count restarts after a quiet period.
 */
/** Ours: an account whose e-mail is still unverified this many days after sign-up is deleted. */
export const AccountLimits = {
  unverifiedAccountDays: 7,
} as const;

/**
 * Ours (docs/decisions/057-wrong-codes-across-resends.md): wrong verification or reset codes
 * an account may take per purpose in a day (`CODE_FAILURES_PER_DAY`, default below), across
 * resends; past it codes stop for browsers the account has not signed in from.
 */
export const CodeFailureLimits = {
  failuresPerDay: 20,
  windowMs: 24 * 60 * 60_000,
} as const;

export const SignInLimits = {
  accountFreeFailures: 5,
  accountAndIpFreeFailures: 3,
  deviceFreeFailures: 5,
  firstLockMs: 30_000,
  maxLockMs: 15 * 60_000,
  quietPeriodMs: 15 * 60_000,
  deviceCookieMaxAgeDays: 180,
} as const;

/**
 * Ours: the window of `APP_CREATES_PER_HOUR`, the creates of applications per developer,
 * counted in the database before the upload is read, so icons and proofs cannot fill the
 * blob store nor the reviewers' queue; the total per developer is `MAX_APPS_PER_DEVELOPER`.
 */
export const AppCreateLimits = {
  createWindowMs: 60 * 60_000,
} as const;

/**
 * Ours: a proof is drawn in a reviewer's browser (the console's proof viewer); an image of
 * more pixels or a PDF of more pages than this is refused before it is stored.
 */
export const ProofLimits = {
  imageMaxPixels: 40_000_000,
  pdfMaxPages: 10,
} as const;

// The root notification settings; docs/product.md section 9 also records an older screen set, not used.
export const ToastConfig = {
  position: 'top-right',
  autoClose: 5000,
  hideProgressBar: true,
  pauseOnHover: false,
  closeOnClick: false,
  limit: 10,
} as const;

export const IconMimeTypes = ['image/png'] as const;

export const DocumentMimeTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;

export const DocumentExtensions = ['pdf', 'png', 'jpg', 'jpeg'] as const;

/** A postback delivery waits this long for its answer (Svix waits as long). */
export const POSTBACK_TIMEOUT_MS = 15_000;

/** The delivery log keeps this much of each request and answer body. */
export const POSTBACK_BODY_CUT_BYTES = 4 * 1024;
