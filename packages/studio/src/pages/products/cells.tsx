// One product's cells in the list: picture, title and status, type, price, stock, variants. The table
// and the hand-order table draw the same cells.
import { formatCount } from '../../format.js';
import { formatCents } from '../../ui/money.js';
import { type BadgeTone, StatusBadge } from '../../ui/status-badge.js';
import { type ProductSummary, productTypeName } from './types.js';

const STOCK: Record<string, [string, BadgeTone]> = {
  in: ['In stock', 'good'],
  low: ['Low stock', 'warn'],
  out: ['Sold out', 'bad'],
  unlimited: ['Unlimited', 'neutral'],
};

function stockText(language: string, p: ProductSummary): { text: string; tone: BadgeTone } {
  const [words, tone] = STOCK[p.stockState] ?? [p.stockState, 'neutral'];
  if (p.stock === null || p.stockState === 'out' || p.stockState === 'unlimited') return { text: words, tone };
  const count = formatCount(language, p.stock);
  // "Low" is one variant at or under the threshold: with several, the total alone would read as plenty.
  if (p.stockState === 'low' && p.variantCount > 1) return { text: `Low on some variants: ${count} in all`, tone };
  return { text: `${words}: ${count}`, tone };
}

export function ProductCells({ p, language, currency }: { p: ProductSummary; language: string; currency: string }) {
  const money = (cents: number) => formatCents(language, cents, currency);
  const stock = stockText(language, p);
  return (
    <>
      <td className="product-thumb" data-label="">
        {p.image ? <img src={p.image.url} alt="" width={48} height={48} loading="lazy" /> : <span className="thumb-none" aria-hidden="true" />}
      </td>
      <th scope="row" className="product-name">
        <div className="product-name-box">
          <a href={`/config/products/${encodeURIComponent(p.id)}`}>{p.title || p.urlId}</a>
          <span className="product-collection">{p.collection.title}</span>
          {p.statusLabel && (
            <StatusBadge tone={p.status === 'private' ? 'bad' : 'warn'} label="Status">
              {p.statusLabel}
            </StatusBadge>
          )}
        </div>
      </th>
      <td data-label="Type">{productTypeName(p.productType)}</td>
      <td data-label="Price" className="num product-price">
        {p.onSale && p.maxPriceCents > p.priceCents ? (
          <>
            <span className="sale-price">
              <span className="visually-hidden">Sale price </span>
              {money(p.priceCents)}
            </span>{' '}
            <s className="was-price">
              <span className="visually-hidden">Regular price </span>
              {money(p.maxPriceCents)}
            </s>
          </>
        ) : p.maxPriceCents > p.priceCents ? (
          `${money(p.priceCents)} – ${money(p.maxPriceCents)}`
        ) : (
          money(p.priceCents)
        )}
      </td>
      <td data-label="Stock">
        <StatusBadge tone={stock.tone}>{stock.text}</StatusBadge>
      </td>
      <td data-label="Variants" className="num">
        {formatCount(language, p.variantCount)}
      </td>
    </>
  );
}

export function HeadCells() {
  return (
    <>
      <th scope="col">
        <span className="visually-hidden">Picture</span>
      </th>
      <th scope="col">Product</th>
      <th scope="col">Type</th>
      <th scope="col" className="num">
        Price
      </th>
      <th scope="col">Stock</th>
      <th scope="col" className="num">
        Variants
      </th>
    </>
  );
}
