/**
 * An address lookup service (storefront.md and platform.md section 7: `/api/google-maps/places/...`).
 * Tessera ships none: a deployment passes one to buildApp (`siteUsers.places`); without one the
 * calls answer 501 PLACES_UNAVAILABLE. A provider must not throw for "no results": an empty list.
 */
interface PlacePrediction {
  placeId: string;
  /** The whole suggestion ("1 Main St, Hudson, NY, USA"). */
  description: string;
  mainText: string;
  secondaryText: string;
}

interface PlaceDetails {
  placeId: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  region: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  lat: number | null;
  lng: number | null;
}

export interface PlacesProvider {
  readonly id: string;
  autocomplete(query: { input: string; sessionToken: string | null; language: string; country: string | null }): Promise<PlacePrediction[]>;
  details(query: { placeId: string; sessionToken: string | null; language: string }): Promise<PlaceDetails | null>;
}
