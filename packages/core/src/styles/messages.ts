/** The messages of the styles' checks, verbatim as the owner API answers them. */
export const STYLE_MESSAGES = Object.freeze({
  hex: 'Enter a colour as # and 3 to 6 hex digits.',
  unknownPath: 'This setting does not exist.',
  toggle: 'Choose on or off.',
  text: 'Enter at most 200 characters.',
});

/** The message for a value that is not one of a list. */
export const notAnOption = (value: unknown): string => `${typeof value === 'string' ? value : JSON.stringify(value)} is not one of the expected options`;

/** The message for a number outside a range or off its step. */
export function rangeMessage(min: number, max: number, step?: number): string {
  return step ? `Enter a number from ${min} to ${max}, in steps of ${step}.` : `Enter a number from ${min} to ${max}.`;
}
