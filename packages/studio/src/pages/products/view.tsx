// The products list, drawn from props only (page.tsx holds the state and calls the API): the search
// and filters, New product and Import/export, the products as a table (stacked cards on a phone),
// Load more; in a collection's hand order, the rows can be moved.
import { formatCount } from '../../format.js';
import { HeadCells, ProductCells } from './cells.js';
import { FilterForm } from './filter-form.js';
import { NO_FILTERS, type ProductFilters, canReorder, isFiltered } from './filters.js';
import { NewProductDialog } from './new-dialog.js';
import { ReorderTable } from './reorder.js';
import type { Choices, ProductSummary } from './types.js';
import { LoadMore } from '../../ui/load-more.js';
import { ErrorBox } from '../../ui/error-box.js';

export type ListState =
  | { status: 'loading' }
  | { status: 'ready'; products: ProductSummary[]; nextCursor: string | null; total: number; currency: string; more: 'idle' | 'loading' | string }
  | { status: 'error'; message: string };

export interface ProductsViewProps {
  language: string;
  filters: ProductFilters;
  state: ListState;
  choices: Choices | null;
  exportUrl: string;
  /** What the last hand move did, for the live region. */
  orderStatus: { kind: 'idle' | 'saving' | 'saved' | 'error'; text: string };
  creating: boolean;
  onCreating(open: boolean): void;
  onFilters(filters: ProductFilters): void;
  onMore(): void;
  onRetry(): void;
  onOrder(products: ProductSummary[], moved: ProductSummary, place: number): void;
}

export function ProductsView(props: ProductsViewProps) {
  const { language, filters, state, choices, exportUrl, orderStatus, onFilters } = props;
  const filtered = isFiltered(filters);
  const reorder = canReorder(filters) && state.status === 'ready' && !state.nextCursor && state.products.length > 1;
  return (
    <>
      <div className="products-actions">
        <button type="button" onClick={() => props.onCreating(true)} disabled={!choices}>
          New product
        </button>
        <a className="button-link button-secondary" href="/config/products/import">
          Import/export
        </a>
        <a className="button-link button-secondary" href={exportUrl} download>
          Export CSV
        </a>
      </div>
      <FilterForm key={JSON.stringify(filters)} filters={filters} collections={choices?.collections ?? []} onFilters={onFilters} />
      <div className="orders-bar">
        <div className="status" role="status" aria-live="polite">
          {statusText(language, state, filtered)}
        </div>
        <div className={`status order-status order-status-${orderStatus.kind}`} role="status" aria-live="polite">
          {orderStatus.text}
        </div>
      </div>
      {reorder && (
        <p className="hint products-reorder-hint">
          Drag a product by its handle, or use Move up and Move down, to change the order the shop shows. Each move is saved at once.
        </p>
      )}
      {state.status === 'error' && <ErrorBox message={state.message} onRetry={props.onRetry} />}
      {state.status === 'ready' && state.products.length === 0 && (
        <div className="empty-state">
          {filtered ? (
            <>
              <p className="empty-title">No products match these filters</p>
              <p className="empty">Try other words or fewer filters.</p>
              <button type="button" className="button-secondary" onClick={() => onFilters({ ...NO_FILTERS, collection: filters.collection })}>
                Clear filters
              </button>
            </>
          ) : (
            <>
              <p className="empty-title">No products yet</p>
              <p className="empty">Add one with New product, or bring many at once from a spreadsheet with Import/export.</p>
            </>
          )}
        </div>
      )}
      {state.status === 'ready' && state.products.length > 0 && reorder && (
        <ReorderTable products={state.products} language={language} currency={state.currency} busy={orderStatus.kind === 'saving'} onOrder={props.onOrder} />
      )}
      {state.status === 'ready' && state.products.length > 0 && !reorder && (
        <>
          <ProductsTable products={state.products} language={language} currency={state.currency} />
          {state.nextCursor && <LoadMore more={state.more} onMore={props.onMore} label="Load more products" />}
        </>
      )}
      {props.creating && choices && (
        <NewProductDialog collections={choices.collections} collection={filters.collection} onClose={() => props.onCreating(false)} />
      )}
    </>
  );
}

function statusText(language: string, state: ListState, filtered: boolean): string {
  if (state.status === 'loading') return 'Loading products…';
  if (state.status !== 'ready' || state.products.length === 0) return '';
  const n = state.products.length;
  const of = state.total > n ? ` of ${formatCount(language, state.total)}` : '';
  return `Showing ${formatCount(language, n)}${of} ${state.total === 1 ? 'product' : 'products'}${filtered ? ' matching the filters' : ''}.`;
}

function ProductsTable({ products, language, currency }: { products: ProductSummary[]; language: string; currency: string }) {
  return (
    <div className="table-scroll">
      <table className="orders-table products-table">
        <caption className="visually-hidden">Products</caption>
        <thead>
          <tr>
            <HeadCells />
          </tr>
        </thead>
        <tbody>
          {products.map((p) => (
            <tr key={p.id} data-product-id={p.id}>
              <ProductCells p={p} language={language} currency={currency} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
