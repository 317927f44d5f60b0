/**
 * The texts of the signed-out screens (sign-in, sign-up, codes, password reset), apart
 * from the rest of `Messages` so the first page carries only these (decision 029). Read
 * them as `Messages` areas; a first-page module imports them from here.
 */
export const SignedOutMessages = {
  marketing: {
    tagline: 'Build trading & investing platforms with our powerful and developer-friendly APIs',
  },
  signup: {
    emailRequired: 'Email is required!',
    emailInvalid: 'Invalid email format!',
    nameRequired: 'Name is required!',
    nameInvalid: 'Invalid name format!',
    passwordPolicy: 'User must follow the password policy !!!',
    // worded from the spec's description of the tooltip
    passwordTooltip:
      'At least 9 characters with one uppercase, one lowercase, one number and one special character',
    repeatPasswordRequired: 'Please confirm your password!',
    passwordsDoNotMatch: 'Passwords do not match!',
    mobileRequired: 'Mobile number required!',
    mobileInvalid: 'Please enter a valid 10-digit phone number!',
    stateRequired: 'Please select state!',
    // ours
    termsRequired: 'Please accept the terms to sign up.',
    developerExists: 'developer exists',
    success: 'Successfully signed up!',
  },
  login: {
    // ours
    passwordRequired: 'Password is required!',
    success: 'Successfully logged in',
    developerNotVerified: 'developer is not verified',
    tooManyClicks: 'You have clicked the sign-in button too many times. Please try again later.',
    loginWithProduct: (product: string) => `Login Using ${product} Credentials`,
  },
  otp: {
    sent: 'Otp has been successfully send !!!',
    verified: 'OTP verified successfully!',
    validate: 'Validate OTP',
    resend: 'Resend Otp',
    // ours
    recentCodeWorks: 'A code was sent to your e-mail a moment ago. Please enter it here.',
  },
  session: {
    unauthorized: 'Unauthorized',
  },
  forgotPassword: {
    codeSent: 'Code sent successfully!',
  },
  resetPassword: {
    codeRequired: 'Code is required!',
    codeFormat: 'Code must be a 6-digit number!',
    codeInvalid: 'Invalid code.',
    passwordInvalid: 'Invalid password',
    passwordsDoNotMatch: 'Password does not match!',
    success: 'Password successfully updated!',
  },
} as const;
