/**
 * The texts of the layout around every screen (header, footer, the page-failure view), apart
 * from the rest of `Messages` so the first page carries only these (decision 029). Read
 * them as `Messages` areas; a first-page module imports them from here.
 */
export const ShellMessages = {
  screens: {
    logout: 'Logout',
    /** The button that opens the header's links on a narrow screen. */
    menu: 'Menu',
    rebrandingDismiss: 'Okay! got it',
    reloadPage: 'Reload the page',
    pageFailed: 'This page could not be shown. A new version of the portal may have been released.',
  },
  account: {
    headerLink: 'Account',
    /** Read before the name the header shows: the link's name says where it goes and who. */
    signedInAsPrefix: 'My Account, signed in as',
  },
  activity: {
    headerLink: 'Activity',
  },
} as const;
