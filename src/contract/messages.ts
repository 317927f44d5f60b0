import { Limits } from './limits.js';
import type { ActivityKind } from './activity.js';
import { ShellMessages } from './messages-shell.js';
import { SignedOutMessages } from './messages-signed-out.js';

const maxIpsFor = (max: number) => `At max ${max} unique IPs are allowed per application`;
const updateCooldownFor = (days: number) =>
  `IP addresses can only be updated once every ${days} days`;
const editRestrictedFor = (days: number) =>
  `You can only update IP addresses once every ${days} days. IP fields are currently disabled.`;

/**
 * Every user-facing text of docs/product.md sections 2, 4, 5 and 8, character for character: the odd
 * spacing and spelling are the spec's and clients match some server texts by prefix.
 * Texts marked "ours" are not in the spec: a form needs them and the spec names none.
 */
/** Why a test postback got no answer, by the sender's error code (decision 030). */
const POSTBACK_SEND_ERRORS: Readonly<Record<string, string>> = {
  blocked_address:
    'The postback URL leads to a private or reserved address; postbacks go to public addresses only.',
  timeout: 'Your receiver did not answer within 15 seconds.',
  connection_failed: 'Could not connect to the postback URL.',
  invalid_url: 'The saved postback URL is not a valid URL.',
  dns_failed: 'The postback URL host name could not be found.',
};

export const Messages = {
  marketing: SignedOutMessages.marketing,
  signup: SignedOutMessages.signup,
  login: SignedOutMessages.login,
  otp: SignedOutMessages.otp,
  session: SignedOutMessages.session,
  app: {
    appNameRequired: 'App Name is required !!!',
    // ours
    appNameTooLong: 'App Name is limited to 100 characters!',
    clientIdRequired: 'Client id is required !!!',
    // ours
    clientIdInvalid: 'Client id does not look like a client code!',
    clientIdLabel: (product: string) => `${product} Client ID`,
    redirectUrlRequired: 'Redirect url is required!',
    // ours
    redirectUrlInvalid: 'Redirect url must be a valid https:// URL!',
    postbackUrlRequired: 'Postback url is required!',
    // ours
    postbackUrlInvalid: 'Postback url must be a valid https:// URL!',
    // ours
    descriptionTooLong: 'Description is limited to 200 characters!',
    descriptionPlaceholder: 'Write about app...(limited to 200 characters)',
    statusActive: 'Active',
    statusPaused: 'Paused',
    // ours: an operator's pause, which the developer's toggle cannot lift
    heldNotice: (reason: string) =>
      `Paused by our support team: ${reason} Only they can make this application active again.`,
    // ours: the provider's kill switch, which only the provider lifts
    blockedBadge: 'Blocked by the provider',
    blockedNotice: (reason: string, since: string) =>
      `Blocked by the provider since ${since}: ${reason} The gateway refuses this application's calls until the provider lifts the block.`,
    developerBlockedNotice: (reason: string, since: string) =>
      `The provider blocked every application of your account since ${since}: ${reason} The gateway refuses their calls until the provider lifts the block.`,
    deleted: 'Application deleted successfully',
    deleteFailed: 'Failed to delete application.',
    cannotDeleteOnlyApp: 'You cannot delete your only application',
    cannotDeleteOnlyAppWarning:
      'You cannot delete your only application. Please create another app before deleting this one.',
    // worded from the spec's descriptions of the update screen's tooltips
    redirectUrlTooltip: (host: string) =>
      `HTTPS is required. ${host} is allowed for testing. Not relevant for Publisher apps unless you do offsite basket execution.`,
    postbackUrlTooltip:
      'Realtime order-completion updates are POSTed to this URL. HTTPS is required.',
    clientIdTooltip: (product: string) =>
      `By default the API is restricted to one ${product} user id. Multi-user login needs an e-mail request to ${product}.`,
    // ours
    algoIdLockedHint: (product: string) => `The ${product} Algo ID cannot be changed.`,
    algoIdHint:
      'If you are registering an algorithm with the exchange, enter its Algo ID; leave it empty otherwise.',
    deleteConfirmTitle: 'Delete this app?',
    deleteConfirmText:
      'Its API key stops working and its IP allowlist and documents are removed. This cannot be undone.',
    logoDefault: 'Default icon',
    // ours: an icon uploaded before its own name was kept
    logoCurrent: 'Current icon',
    // ours: the description's counter, and what a screen reader hears once the limit is reached
    descriptionCount: (count: number) =>
      `${String(count)} of ${String(Limits.descriptionMax)} characters`,
    descriptionLimitReached: `Description limit reached: ${String(Limits.descriptionMax)} characters.`,
  },
  ips: {
    // ours
    invalid: 'Invalid IP address!',
    ownOrFamily: "These IPs are mine or my family members'",
    confirmOwnOrFamily: "Please confirm that these IPs are yours or your family members'.",
    maxIps: maxIpsFor(Limits.maxIpsPerApp),
    maxIpsSentence: `${maxIpsFor(Limits.maxIpsPerApp)}.`,
    /** The same texts for a portal configured with other limits. */
    maxIpsFor,
    supportingDocumentRequired: (ip: string) =>
      `Supporting Document is required for duplicate IP: ${ip}`,
    usedByAnotherDeveloper: 'Some IPs are already used by another developer',
    associatedWithAnotherApplication: 'IP address already associated with another application',
    associatedWithAnotherDeveloper: 'IP address already associated with another developer',
    updateCooldown: updateCooldownFor(Limits.ipChangeCooldownDays),
    updateCooldownFor,
    editRestricted: editRestrictedFor(Limits.ipChangeCooldownDays),
    editRestrictedFor,
    proofPending: 'Pending',
    proofAccepted: 'Accepted',
    // ours: the clock message of a pending proof, and the other per-IP proof texts
    proofPendingHint: 'Your family-proof document is waiting for verification.',
    proofAcceptedHint: 'Family proof verified.',
    proofRequiredHint: 'This IP is used by another developer: upload a family-proof document.',
    proofFileHint: 'PDF, PNG, JPG or JPEG, at most 1 MB.',
    skipDuplicates:
      'Add the IPs already used by another developer, with a family-proof document for each',
    nextChangeAt: (when: string) => `The next IP change is allowed from ${when}.`,
    // ours: the IP rows' live checks, the your-IP chip, the lock and the proof link
    entryDuplicate: 'This IP is already in the list.',
    entryProofNeeded:
      'This IP is used by another developer: a family-proof document will be needed.',
    checked: 'IPs checked',
    myIpFound: 'Your public IP as the portal sees it',
    yourIp: 'Your IP',
    addYourIp: (ip: string) => `Add your IP ${ip}`,
    addYourIpShort: 'Add',
    yourIpAdded: 'Added',
    editDiscarded: 'Your IP changes were not saved: the IP list is locked.',
    viewDocument: (ip: string) => `View the proof sent for ${ip}`,
    proofRejected: 'Rejected',
    proofRejectedReason: (reason: string) => `Reason: ${reason}`,
  },
  // ours: the server's answers that the spec leaves unworded
  auth: {
    badCredentials: 'Incorrect email or password.',
    codeInvalid: 'Invalid code.',
    codeExpired: 'This code has expired. Please request a new one.',
    codeAttemptsExhausted: 'Too many wrong attempts. Please request a new code.',
    codeSent: 'Code sent successfully!',
    resendTooSoon: (seconds: number) =>
      `Please wait ${seconds} seconds before requesting another code.`,
    codeFailuresLocked: (seconds: number) =>
      `Too many wrong codes were entered for this account. For its safety, codes work again in ${seconds} seconds, or now in a browser you have signed in with before.`,
    sendLimitReached: (seconds: number) =>
      `Too many codes were requested for this address. Please try again in ${seconds} seconds.`,
    tooManyRequests: (seconds: number) =>
      `Too many requests. Please try again in ${seconds} seconds.`,
    /** 503: every password-hashing thread is busy (docs/decisions/020-hashing-pool.md). */
    hashingBusy: (seconds: number) => `The server is busy. Please try again in ${seconds} seconds.`,
    accountLocked: (seconds: number) =>
      `Too many failed sign-ins. Please try again in ${seconds} seconds.`,
    sessionExpired: 'Your session has expired. Please sign in again.',
    flowTokenInvalid: 'The sign-in link is invalid or has expired. Please sign in again.',
    flowStateMismatch:
      'This sign-in was not started in this browser. Please start again from the login page.',
    // ours: a hand-off whose e-mail the provider did not verify never joins an existing account
    flowEmailNotVerified:
      'An account with this e-mail already exists, and the sign-in service has not verified that the e-mail is yours. Please sign in with your e-mail and password.',
    loggedOut: 'Logged out',
    codeValid: 'Code is valid.',
    tokenRefreshed: 'Token refreshed',
  },
  // ours: the applications API's answers that the spec leaves unworded
  apps: {
    created: 'Application created successfully',
    updated: 'Application updated successfully',
    logoUploaded: 'Logo uploaded successfully',
    notFound: 'Application not found',
    iconNotPng: 'App Icon must be a PNG image.',
    iconWrongSize: 'App Icon must be 55x55 pixels.',
    fileTooLarge: 'Files must be at most 1 MB.',
    documentWrongType: 'Supporting documents must be PDF, PNG, JPG or JPEG files.',
    // ours
    documentTooManyPixels: 'Supporting images must be at most 40 megapixels.',
    // ours
    documentTooManyPages: 'Supporting PDF documents must have at most 10 pages.',
    invalidIp: (ip: string) => `Invalid IP address: ${ip}`,
    algoIdLocked: (product: string) => `Algo ID ${product} cannot be changed.`,
    malformedUpload: 'The upload could not be read. Please try again.',
    unexpectedFile: (field: string) => `Unexpected file field: ${field}`,
    found: 'Application fetched successfully',
    documentLinkInvalid: 'This link is invalid or has expired.',
    fileNotFound: 'Not found',
    storageUnavailable: 'File storage is unavailable. Please try again.',
    // ours
    tooManyApps: (max: number) =>
      `You can have at most ${String(max)} applications. Delete one to create another.`,
    // ours
    tooManyCreates: (seconds: number) =>
      `Too many applications created. Please try again in ${String(seconds)} seconds.`,
    // ours
    heldByOperator:
      'Our support team has paused this application. Only they can make it active again.',
  },
  copy: {
    apiKey: 'Api Key has been Copied',
    applicationId: 'Application Id has been Copied',
  },
  forgotPassword: SignedOutMessages.forgotPassword,
  resetPassword: SignedOutMessages.resetPassword,
  screens: {
    ...ShellMessages.screens,
    apiDoc: 'API Doc',
    myApps: 'My Apps',
    createNewApp: 'Create New App',
    noAppsYet: "You haven't created any apps yet.",
    noAppsHint: 'Get an api_key and a secret_key to start using the APIs',
    applicationId: 'Application Id',
    nextRenewalDate: 'Next Renewal Date',
    viewDetails: 'View Details',
    createAppTitle: 'Create a new app',
    createAppSubtitle: 'Creating an app gives you an API_SECRET',
    goBack: 'Go Back',
    // ours
    apiKey: 'API Key',
    applicationIdLabel: 'Application ID',
    save: 'Save',
    delete: 'Delete',
    cancel: 'Cancel',
    appStatus: 'Status',
    retry: 'Try again',
    updateAppTitle: 'Update app',
    loadingApp: 'Loading the application…',
  },
  // ours: the account screen's sessions list
  sessions: {
    heading: 'Sessions',
    listed: 'Sessions fetched successfully',
    signedOut: 'Signed out of that device',
    othersSignedOut: (count: number) =>
      count === 1 ? 'Signed out of 1 other device' : `Signed out of ${count} other devices`,
    notFound: 'Session not found',
    thisDevice: 'This device',
    signOut: 'Sign out',
    signOutOthers: 'Sign out all other devices',
    noOthers: 'No other device is signed in.',
    loading: 'Loading the signed-in devices…',
    signedInAt: 'Signed in',
    lastUsed: 'Last used',
    /** The browser's time zone the session started in. */
    timeZone: 'Time zone',
    ipAddress: 'IP address',
    unknownPlace: 'Unknown',
  },
  // ours: the account screen, its API's answers and the header's account link
  account: {
    ...ShellMessages.account,
    title: 'My Account',
    lead: 'Your profile, your password and the devices signed in to your account.',
    profileTitle: 'Profile',
    loadingProfile: 'Loading your profile…',
    emailLabel: 'Email',
    emailHint: 'Your e-mail address signs you in and cannot be changed here.',
    nameLabel: 'Name',
    mobileLabel: (prefix: string) => `Phone number (${prefix})`,
    stateLabel: 'State of residence',
    statePlaceholder: 'Select your state',
    saveProfile: 'Save profile',
    profileFound: 'Profile fetched successfully',
    profileSaved: 'Profile updated successfully!',
    passwordTitle: 'Change password',
    passwordLead: 'Every other device signed in to your account is signed out.',
    currentPasswordLabel: 'Current password',
    newPasswordLabel: 'New password',
    passwordPolicyLabel: 'Password policy',
    repeatPasswordLabel: 'Repeat new password',
    currentPasswordRequired: 'Current password is required!',
    currentPasswordWrong: 'Current password is incorrect.',
    changePassword: 'Change password',
    passwordChanged: 'Password changed. Every other device has been signed out.',
  },
  // ours: rolling and revealing API keys
  keys: {
    roll: 'Roll key',
    rollTitle: 'Roll the API key?',
    rollText:
      'A new API key is made now. Choose how long the old key keeps working, so you can move your systems to the new one.',
    graceLegend: 'The old key stops working',
    graceNow: 'Now',
    grace1h: 'In 1 hour',
    grace24h: 'In 24 hours',
    grace7d: 'In 7 days',
    rolled: 'API key rolled. Copy the new key from the tile below.',
    rolledNow: 'API key rolled. The old key has stopped working.',
    current: 'Current key',
    old: 'Old key',
    stopsAt: (when: string) => `Stops working ${when}`,
    reveal: 'Reveal keys',
    hide: 'Hide keys',
    confirm: 'Confirm',
    revealed: 'Keys revealed',
    passwordWrong: 'The password is incorrect.',
    tooManyReveals: (seconds: number) =>
      `Too many password tries. Please try again in ${String(seconds)} seconds.`,
    copyFallbackTitle: 'Copy the API key',
    copyFallbackText:
      'The browser did not allow copying. The whole key is selected below: press Ctrl+C (⌘C on a Mac), or touch and hold it and choose Copy.',
    close: 'Close',
  },
  // ours: the update screen's Postbacks section and the delivery log screen
  postbacks: {
    title: 'Postbacks',
    lead: 'Order updates are signed per the Standard Webhooks specification with the secret below.',
    secretLabel: 'Signing secret',
    oldSecretLabel: 'Old signing secret',
    secretHidden: 'whsec_••••••••••••••••',
    secretStopsAt: (when: string) => `Stops signing ${when}`,
    reveal: 'Reveal secret',
    hide: 'Hide secret',
    roll: 'Roll secret',
    rollTitle: 'Roll the signing secret?',
    rollText:
      'A new signing secret is made now. Choose how long the old one keeps signing too, so you can move your receiver to the new one.',
    graceLegend: 'The old secret stops signing',
    copySecret: 'Copy signing secret',
    copied: 'Signing secret copied',
    verifyTitle: 'How to verify',
    verifyText:
      'Each delivery carries the headers webhook-id, webhook-timestamp and webhook-signature. Verify them with any Standard Webhooks library, for example in Node.js:',
    sendTest: 'Send test postback',
    testResultTitle: 'Test postback result',
    statusCode: 'Status code',
    latency: 'Latency',
    latencyMs: (ms: number) => `${String(ms)} ms`,
    answer: 'Answer (first 1 KB)',
    emptyAnswer: '(empty)',
    signatureHeaders: 'Signature headers sent',
    testDelivered: 'Your receiver accepted the test postback.',
    testRefused: 'Your receiver answered, but not with a 2xx status.',
    sendErrors: POSTBACK_SEND_ERRORS,
    sendFailed: 'The test postback could not be sent.',
    noPostbackUrl: 'Save a postback URL first, then send a test postback.',
    logLink: 'Delivery log',
    logTitle: 'Postback deliveries',
    logLead: (name: string) => `The last 100 postbacks to ${name}, newest first.`,
    back: 'Back to the app',
    filterLabel: 'Status',
    filterAll: 'All',
    states: { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' },
    loading: 'Loading postbacks…',
    loadFailed: 'The postbacks could not be loaded.',
    empty: 'No postbacks yet. Send a test postback from the app screen to see one here.',
    emptyFiltered: 'No postbacks with this status.',
    type: 'Type',
    time: 'Time',
    attempts: 'Attempts',
    lastStatus: 'Last status',
    lastLatency: 'Latency',
    nextRetry: 'Next retry',
    none: '—',
    noAnswer: 'No answer',
    test: 'Test',
    details: 'Details',
    hideDetails: 'Hide details',
    loadingDetails: 'Loading attempts…',
    noAttempts: 'No attempts yet.',
    attempt: (number: number) => `Attempt ${String(number)}`,
    error: 'Error',
    request: 'Request',
    response: 'Response',
    headers: 'Headers',
    body: 'Body',
    cutNote: 'Headers and bodies are kept up to 4 KB.',
    replay: 'Replay',
  },
  // ours: the activity log screen, its API and the mails of its events
  activity: {
    ...ShellMessages.activity,
    title: 'Activity',
    lead: 'Sign-ins and changes to your account and apps, newest first. Kept for five years.',
    listed: 'Activity fetched successfully',
    cursorInvalid: 'That page of the activity log no longer exists. Start from the first page.',
    filtersTitle: 'Filters',
    applicationLabel: 'Application',
    allApplications: 'All applications',
    kindLabel: 'Event',
    allKinds: 'All events',
    fromLabel: 'From',
    toLabel: 'To',
    dayPlaceholder: 'YYYY-MM-DD',
    dayHint: 'A day such as 2026-11-28.',
    dayInvalid: 'Write the day as YYYY-MM-DD.',
    apply: 'Apply filters',
    clear: 'Clear',
    exportCsv: 'Download CSV',
    older: 'Older events',
    newest: 'Back to newest',
    pagesLabel: 'Activity pages',
    empty: 'No activity matches these filters.',
    loadFailed: 'The activity log could not be loaded.',
    retry: 'Retry',
    when: 'When',
    ipAddress: 'IP address',
    device: 'Device',
    csvFileName: 'activity.csv',
    kinds: {
      'sign_in.succeeded': 'Signed in',
      'sign_in.failed': 'Sign-in failed',
      'password.changed': 'Password changed',
      'password.change_failed': 'Password change refused: wrong current password',
      'password.reset': 'Password reset',
      'sessions.ended': 'Signed out of devices',
      'app.created': 'Application created',
      'app.updated': 'Application updated',
      'app.deleted': 'Application deleted',
      'app.ips_changed': 'IP allowlist changed',
      'app.status_changed': 'Application status changed',
      'key.rolled': 'API key rolled',
      'key.revealed': 'API key revealed',
      'postback_secret.rolled': 'Postback signing secret rolled',
      'postback_secret.revealed': 'Postback signing secret revealed',
      'proof.sent': 'IP proof sent',
      'proof.accepted': 'IP proof accepted',
      'proof.rejected': 'IP proof rejected',
      'codes.locked': 'Codes paused after too many wrong ones',
      'connect.signed_in': 'Client signed in through Connect',
      'connect.consented': 'Client allowed an app through Connect',
      'connect.session_ended': 'Connect session ended',
      'two_factor.enrolled': 'Authenticator app set up',
      'two_factor.removed': 'Authenticator app removed',
      'recovery_codes.regenerated': 'New recovery codes made',
      'recovery_code.used': 'Recovery code used',
      'passkey.added': 'Passkey added',
      'passkey.removed': 'Passkey removed',
      'operator.app_paused': 'Application paused by support',
      'operator.app_resumed': 'Application resumed by support',
      'operator.account_unlocked': 'Account unlocked by support',
      'operator.sessions_ended': 'Signed out of all devices by support',
      'operator.verification_resent': 'Verification e-mail resent by support',
      'operator.app_blocked': 'Application blocked by the provider',
      'operator.app_unblocked': 'Application block lifted by the provider',
      'operator.developer_blocked': 'Every application blocked by the provider',
      'operator.developer_unblocked': 'Block on every application lifted by the provider',
      'two_factor.reset_by_support': 'Second factors reset by support',
    } satisfies Record<ActivityKind, string>,
  },
  // ours
  request: {
    nulCharacter: 'The request holds a character that is not allowed (U+0000).',
  },
} as const;
