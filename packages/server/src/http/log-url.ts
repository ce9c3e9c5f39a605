/**
 * A request's URL as the log shows it: the values of its `token` parameters (a password reset or
 * email verification link, an order's status page, a download, an unsubscribe link) are left out.
 * Such a link opens an account or an order to whoever holds it, and log files travel further and
 * live longer than the mail that carried it.
 */
export function loggableUrl(url: string): string {
  return url.replace(/([?&][^=&#]*token=)[^&#]*/gi, '$1-');
}
