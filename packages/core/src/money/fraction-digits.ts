/** The store currencies' minor units (storefront.md section 9): 2 fraction digits, JPY 0. */
export function storeFractionDigits(code: string): number {
  return code === 'JPY' ? 0 : 2;
}
