/** The query parameter naming the route to open after sign-in (/login?redirect=…, then /redirect?redirect=…). */
export const REDIRECT_QUERY = 'redirect';
