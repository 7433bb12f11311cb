/** Every route of the site, named once. */
export const paths = {
  home: '/',
  store: '/store',
  success: '/success',
} as const
