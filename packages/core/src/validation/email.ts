/** Email length bounds (storefront.md section 9). */
export const EMAIL_MIN_LENGTH = 3;
export const EMAIL_MAX_LENGTH = 256;

/** The address shown as the expected format in messages' `{email}`. */
export const EMAIL_FORMAT_EXAMPLE = 'email@example.com';

// Local part of the allowed symbols, "@", dot-terminated domain labels (letters, digits and
// inner hyphens), and a final top-level part of 2 to 4 letters or digits (storefront.md section 5).
const EMAIL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z0-9]{2,4}$/;

/** The general email rule: a string of 3 to 256 characters in the format above. */
export function isValidEmail(value: unknown): boolean {
  return typeof value === 'string' && value.length >= EMAIL_MIN_LENGTH && value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value);
}
