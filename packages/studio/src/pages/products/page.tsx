// The owner's products list (/config/products): ProductsPage holds the filters (kept in the address),
// the rows loaded so far, the cursor of the next page and the editor's choices (collections for the
// filter and New product), and saves a collection's hand order; ProductsView draws.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { EXPORT_PATH, productsCalls } from './calls.js';
import { type ProductFilters, apiQuery, canReorder, filtersFromSearch, searchOfFilters } from './filters.js';
import type { Choices, ProductSummary } from './types.js';
import { type ListState, ProductsView, type ProductsViewProps } from './view.js';

const PAGE = '/config/products';
/** A collection holds at most 200 products: its hand order is loaded whole, in pages of 100. */
const REORDER_PAGE = 100;

export default function ProductsPage({ context, api }: PageProps<StudioContext>) {
  const calls = useMemo(() => productsCalls(api), [api]);
  const [filters, setFilters] = useState(() => filtersFromSearch(location.search));
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [choices, setChoices] = useState<Choices | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [creating, setCreating] = useState(false);
  const [orderStatus, setOrderStatus] = useState<ProductsViewProps['orderStatus']>({ kind: 'idle', text: '' });
  // The filters shown now: a next page asked for under other filters is dropped when it arrives.
  const shown = useRef(filters);
  shown.current = filters;

  useEffect(() => {
    void calls.choices().then((answer) => {
      if (answer.ok) setChoices(answer.data);
      else if (answer.status === 401) signInAgain(`${PAGE}${location.search}`);
    });
  }, [calls]);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    setOrderStatus({ kind: 'idle', text: '' });
    const whole = canReorder(filters);
    const load = async () => {
      const query = apiQuery(filters);
      if (whole) query.set('limit', String(REORDER_PAGE));
      let answer = await calls.list(query);
      if (!answer.ok) return answer;
      // The hand order needs every product of the collection at once.
      const products = [...answer.data.products];
      while (whole && answer.ok && answer.data.nextCursor) {
        query.set('cursor', answer.data.nextCursor);
        answer = await calls.list(query);
        if (answer.ok) products.push(...answer.data.products);
      }
      return answer.ok ? { ...answer, data: { ...answer.data, products } } : answer;
    };
    void load().then((answer) => {
      if (!current) return;
      if (answer.ok) return setState({ status: 'ready', ...answer.data, more: 'idle' });
      if (answer.status === 401) return signInAgain(`${PAGE}${location.search}`);
      setState({ status: 'error', message: answer.message });
    });
    return () => {
      current = false;
    };
  }, [calls, filters, attempt]);

  // The back and forward buttons bring the filters of that address back.
  useEffect(() => {
    const onPop = () => setFilters(filtersFromSearch(location.search));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  const onFilters = useCallback((next: ProductFilters) => {
    history.pushState(null, '', `${PAGE}${searchOfFilters(next)}`);
    setFilters(next);
  }, []);

  const onMore = () => {
    if (state.status !== 'ready' || !state.nextCursor || state.more === 'loading') return;
    const asked = filters;
    const query = apiQuery(asked);
    query.set('cursor', state.nextCursor);
    setState({ ...state, more: 'loading' });
    void calls.list(query).then((answer) => {
      if (shown.current !== asked) return;
      if (answer.status === 401) return signInAgain(`${PAGE}${location.search}`);
      setState((s) => {
        if (s.status !== 'ready') return s;
        if (!answer.ok) return { ...s, more: answer.message };
        return { ...s, products: [...s.products, ...answer.data.products], nextCursor: answer.data.nextCursor, more: 'idle' };
      });
    });
  };

  const onOrder = (products: ProductSummary[], moved: ProductSummary, place: number) => {
    if (state.status !== 'ready') return;
    const before = state.products;
    const name = moved.title || moved.urlId;
    setState({ ...state, products });
    setOrderStatus({ kind: 'saving', text: `Saving the new order…` });
    void calls
      .order(
        filters.collection,
        products.map((p) => p.id),
      )
      .then((answer) => {
        if (answer.ok) return setOrderStatus({ kind: 'saved', text: `Moved ${name} to place ${place} of ${products.length}. The order is saved.` });
        if (answer.status === 401) return signInAgain(`${PAGE}${location.search}`);
        // The order shown goes back to the one the store keeps.
        setState((s) => (s.status === 'ready' ? { ...s, products: before } : s));
        setOrderStatus({ kind: 'error', text: `The order was not saved: ${answer.message}` });
      });
  };

  const exportQuery = apiQuery(filters).toString();
  return (
    <ProductsView
      language={context.language}
      filters={filters}
      state={state}
      choices={choices}
      exportUrl={`${EXPORT_PATH}?${exportQuery}`}
      orderStatus={orderStatus}
      creating={creating}
      onCreating={setCreating}
      onFilters={onFilters}
      onMore={onMore}
      onRetry={() => setAttempt((n) => n + 1)}
      onOrder={onOrder}
    />
  );
}
