import { defineEnum, type EnumValue } from './define.js';

/**
 * Product types (storefront.md section 3): physical 1, digital 2, service 3, gift card 4,
 * paywall 5; UNDEFINED -1 is the "unknown" type that the template engine meets in data.
 */
export const ProductType = defineEnum({
  UNDEFINED: -1,
  PHYSICAL: 1,
  DIGITAL: 2,
  SERVICE: 3,
  GIFT_CARD: 4,
  PAYWALL: 5,
});
export type ProductType = EnumValue<typeof ProductType>;

/**
 * Reads a product type from site data, where it may be a number or a numeric string
 * (`"productType": "1"`); anything else is UNDEFINED.
 */
export function toProductType(value: unknown): ProductType {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  switch (n) {
    case 1:
    case 2:
    case 3:
    case 4:
    case 5:
      return n;
    default:
      return ProductType.UNDEFINED;
  }
}
