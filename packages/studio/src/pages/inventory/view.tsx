import { formatCount } from '../../format.js';
import type { InventoryPage, InventorySort, InventoryVariant, ListQuery, StockFilter } from './calls.js';
import { ErrorBox } from '../../ui/error-box.js';
import { ListTools } from '../../ui/list-tools.js';

export type ListState =
  | { status: 'loading' }
  | { status: 'ready'; page: InventoryPage; loading: boolean }
  | { status: 'error'; message: string; fields: Record<string, string> };

export const FILTER_LABELS: Record<StockFilter, string> = {
  '': 'All',
  low: 'Low',
  out: 'Out of stock',
  in: 'In stock',
  unlimited: 'Unlimited',
};

export const SORT_LABELS: Record<InventorySort, string> = {
  stock: 'Stock (fewest first)',
  title: 'Product (A to Z)',
  sku: 'SKU',
};

const STATE_LABELS = { in: 'In stock', low: 'Low', out: 'Sold out', unlimited: 'Unlimited' } as const;

export interface InventoryViewProps {
  readonly language: string;
  readonly query: ListQuery;
  readonly state: ListState;
  readonly pageNumber: number;
  onQuery(query: ListQuery): void;
  onNext(cursor: string): void;
  onPrevious(): void;
  onRetry(): void;
  onAdjust(variant: InventoryVariant): void;
  onHistory(variant: InventoryVariant): void;
}

function Row({ v, language, onAdjust, onHistory }: { v: InventoryVariant; language: string } & Pick<InventoryViewProps, 'onAdjust' | 'onHistory'>) {
  const name = `${v.productTitle}${v.variantText ? `, ${v.variantText}` : ''}`;
  return (
    <tr>
      <th scope="row">
        <span className="inventory-product">
          {v.image ? <img src={v.image.url} alt="" width={40} height={40} loading="lazy" /> : <span className="inventory-noimage" aria-hidden="true" />}
          <span className="inventory-names">
            <a href={v.productUrl}>{v.productTitle}</a>
            {v.variantText && <span className="variant-text">{v.variantText}</span>}
            <span className="sku">{v.sku}</span>
          </span>
        </span>
      </th>
      <td data-label="Stock">
        {v.unlimited ? (
          <span className="stock-badge stock-in">Never runs out</span>
        ) : (
          <span className="inventory-stock">
            <span className="inventory-count">{formatCount(language, v.stock ?? 0)}</span>
            {v.stockState !== 'in' && <span className={`stock-badge stock-${v.stockState}`}>{STATE_LABELS[v.stockState]}</span>}
          </span>
        )}
      </td>
      <td data-label="Waiting for restock">{formatCount(language, v.waitingSignups)}</td>
      <td data-label="Actions">
        <span className="inventory-actions">
          {!v.unlimited && (
            <button type="button" onClick={() => onAdjust(v)} aria-label={`Adjust stock of ${name}`}>
              Adjust
            </button>
          )}
          <button type="button" className="button-secondary" onClick={() => onHistory(v)} aria-label={`Stock history of ${name}`}>
            History
          </button>
        </span>
      </td>
    </tr>
  );
}

export function InventoryView({ language, query, state, pageNumber, onQuery, onNext, onPrevious, onRetry, onAdjust, onHistory }: InventoryViewProps) {
  const page = state.status === 'ready' ? state.page : null;
  const variants = page?.variants ?? [];
  const busy = state.status === 'loading' || (state.status === 'ready' && state.loading);
  const count = (n: number) => formatCount(language, n);
  const shown =
    page && variants.length > 0
      ? `Page ${count(pageNumber)}: ${count(variants.length)} variant${variants.length === 1 ? '' : 's'}${query.q ? ` matching “${query.q}”` : ''}.`
      : '';
  return (
    <>
      <ListTools
        label="Search variants"
        placeholder="Product or SKU"
        query={query}
        selects={[
          { key: 'stock', label: 'Stock', options: FILTER_LABELS },
          { key: 'sort', label: 'Sort by', options: SORT_LABELS },
        ]}
        error={state.status === 'error' ? (state.fields.q ?? state.fields.stock ?? state.fields.sort) : undefined}
        onQuery={onQuery}
      />
      {page && query.stock === 'low' && (
        <p className="section-note">Variants with {count(page.threshold)} or fewer left, and not sold out. Change the threshold in the settings below.</p>
      )}
      <div className="status" role="status" aria-live="polite">
        {busy ? 'Loading…' : shown}
      </div>
      {state.status === 'error' && <ErrorBox message={state.message} onRetry={onRetry} />}
      {page && variants.length === 0 && (
        <p className="empty">
          {query.q || query.stock
            ? 'No variant matches: try another search or stock filter.'
            : 'No stocked products yet: physical products and services you add will be listed here with their stock.'}
        </p>
      )}
      {variants.length > 0 && (
        <div className="table-scroll">
          <table className="inventory-table" aria-busy={busy}>
            <caption className="visually-hidden">Stock of each variant, by {SORT_LABELS[query.sort].toLowerCase()}</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Stock</th>
                <th scope="col">Waiting for restock</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {variants.map((v) => (
                <Row key={v.variantId} v={v} language={language} onAdjust={onAdjust} onHistory={onHistory} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page && (pageNumber > 1 || page.nextCursor) && (
        <nav className="pager" aria-label="Inventory pages">
          <button type="button" className="button-secondary" disabled={pageNumber <= 1 || busy} onClick={onPrevious}>
            Previous page
          </button>
          <button type="button" className="button-secondary" disabled={!page.nextCursor || busy} onClick={() => page.nextCursor && onNext(page.nextCursor)}>
            Next page
          </button>
        </nav>
      )}
    </>
  );
}
