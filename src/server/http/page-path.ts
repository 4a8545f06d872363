/** A page's path as the server's page lists key it: trailing slashes dropped ("/dashboard/" → "/dashboard"), "/" kept. */
export const pagePath = (pathname: string): string => pathname.replace(/(.)\/+$/, '$1');
