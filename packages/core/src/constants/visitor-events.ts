// A file of its own: the storefront's visitor-events chunk reads these, and a module that the bootstrap
// also imports would carry them into every page's bootstrap script.

/**
 * Names the storefront's event bus publishes, mapped to the tracked event names: the storefront sends
 * them and the server's event schemas accept exactly the commerce ones.
 */
export const COMMERCE_EVENTS = {
  'product-page-visit': 'visit_product_page',
  'add-to-cart': 'add_to_cart',
  'view-cart': 'view_cart',
  'remove-from-cart': 'remove_from_cart',
  'related-product-display': 'related_product_display',
  'related-product-click': 'related_product_click',
  'related-product-add': 'related_product_add_to_cart',
  'reviews-tab-click': 'reviews_tab_click',
  'reviews-anchor-click': 'reviews_anchor_click',
} as const;

/** Members' events, sent to the legacy tracker with the member's account and locale. */
export const MEMBER_EVENTS = {
  'lesson-view': 'lesson_view',
  'lesson-complete': 'lesson_complete',
  'paywall-view': 'paywall_view',
  'paywall-click': 'paywall_click',
  'join-click': 'join_click',
  'join-complete': 'join_complete',
} as const;
