// The owner's inventory (/config/inventory): InventoryPage holds the list's query (kept in the
// address), its pages, the open dialog (Adjust or History) and the settings, and calls the API; the
// views draw.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { StudioContext } from '../../context.js';
import type { PageProps } from '../../pages.js';
import { signInAgain } from '../../session.js';
import { formatCount } from '../../format.js';
import { AdjustDialog, REASON_LABELS } from './adjust-dialog.js';
import { type AdjustBody, type InventorySettings, type InventoryVariant, type ListQuery, type StockState, inventoryCalls } from './calls.js';
import { HistoryDialog, type HistoryState } from './history-dialog.js';
import { SettingsForm } from './settings-form.js';
import { FILTER_LABELS, InventoryView, type ListState, SORT_LABELS } from './view.js';

export interface InventoryContext extends StudioContext {
  readonly currency?: string;
  readonly timeZone?: string;
  readonly settings?: InventorySettings;
}

type Open = { kind: 'adjust'; variant: InventoryVariant } | { kind: 'history'; variant: InventoryVariant } | null;

export function queryFromLocation(search: string): ListQuery {
  const params = new URLSearchParams(search);
  const stock = params.get('stock') ?? '';
  const sort = params.get('sort') ?? 'stock';
  return {
    q: params.get('q') ?? '',
    stock: Object.hasOwn(FILTER_LABELS, stock) ? (stock as ListQuery['stock']) : '',
    sort: Object.hasOwn(SORT_LABELS, sort) ? (sort as ListQuery['sort']) : 'stock',
  };
}

function locationOf(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.stock) params.set('stock', query.stock);
  if (query.sort !== 'stock') params.set('sort', query.sort);
  const text = params.toString();
  return text ? `?${text}` : location.pathname;
}

export default function InventoryPage({ context, api }: PageProps<InventoryContext>) {
  const calls = useMemo(() => inventoryCalls(api), [api]);
  const language = context.language;
  const [query, setQuery] = useState(() => queryFromLocation(location.search));
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [open, setOpen] = useState<Open>(null);
  const [adjusting, setAdjusting] = useState<{ busy: boolean; error: { message: string; fields: Record<string, string> } | null }>({
    busy: false,
    error: null,
  });
  const [history, setHistory] = useState<HistoryState>({ status: 'loading' });
  const [notice, setNotice] = useState('');
  const [settings, setSettings] = useState<InventorySettings | null>(context.settings ?? null);
  const [saving, setSaving] = useState<{ busy: boolean; message: { kind: 'ok' | 'error'; text: string } | null; field?: string }>({
    busy: false,
    message: null,
  });
  const cursor = cursors[cursors.length - 1] ?? null;
  const here = `/config/inventory${location.search}`;

  useEffect(() => {
    let current = true;
    setState((s) => (s.status === 'ready' ? { ...s, loading: true } : { status: 'loading' }));
    void calls.list(query, cursor).then((answer) => {
      if (!current) return;
      if (answer.ok) return setState({ status: 'ready', page: answer.data, loading: false });
      if (answer.status === 401) return signInAgain(here);
      setState({ status: 'error', message: answer.message, fields: { ...answer.fieldErrors } });
    });
    return () => {
      current = false;
    };
  }, [calls, query, cursor, attempt]);

  useEffect(() => {
    if (settings) return;
    void calls.settings().then((answer) => {
      if (answer.ok) setSettings(answer.data);
    });
  }, [calls, settings]);

  useEffect(() => {
    const onPop = () => {
      setQuery(queryFromLocation(location.search));
      setCursors([null]);
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  const onQuery = useCallback((next: ListQuery) => {
    replaceAddress(locationOf(next));
    setQuery(next);
    setCursors([null]);
  }, []);

  const loadHistory = useCallback(
    async (variant: InventoryVariant, from: string | null) => {
      const answer = await calls.history(variant.variantId, from);
      if (!answer.ok) {
        if (answer.status === 401) return signInAgain(here);
        return setHistory({ status: 'error', message: answer.message });
      }
      setHistory((h) => ({
        status: 'ready',
        adjustments: [...(from && h.status === 'ready' ? h.adjustments : []), ...answer.data.adjustments],
        nextCursor: answer.data.nextCursor,
        loadingMore: false,
      }));
    },
    [calls, here],
  );

  const openHistory = (variant: InventoryVariant) => {
    setOpen({ kind: 'history', variant });
    setHistory({ status: 'loading' });
    void loadHistory(variant, null);
  };

  const adjust = async (variant: InventoryVariant, body: AdjustBody) => {
    setAdjusting({ busy: true, error: null });
    const answer = await calls.adjust(variant.variantId, body);
    if (!answer.ok) {
      if (answer.status === 401) return signInAgain(here);
      return setAdjusting({ busy: false, error: { message: answer.message, fields: { ...answer.fieldErrors } } });
    }
    setAdjusting({ busy: false, error: null });
    setOpen(null);
    const a = answer.data;
    const sent = a.restockNotificationsSent
      ? ` ${formatCount(language, a.restockNotificationsSent)} restock notice${a.restockNotificationsSent === 1 ? '' : 's'} sent.`
      : '';
    setNotice(
      a.adjustment
        ? `${variant.productTitle}${variant.variantText ? ` (${variant.variantText})` : ''}: ${REASON_LABELS[a.adjustment.reason]}, stock now ${formatCount(language, a.qtyInStock)}.${sent}`
        : `${variant.productTitle}: the count matches the stock (${formatCount(language, a.qtyInStock)}); nothing changed.`,
    );
    // The row shows the new stock and its state at once (by the threshold, as the server counts it);
    // the list is read again for its order.
    const threshold = settings?.scarcityThreshold ?? 3;
    const stockState = (stock: number, was: StockState): StockState => (was === 'unlimited' ? was : stock === 0 ? 'out' : stock <= threshold ? 'low' : 'in');
    setState((s) =>
      s.status === 'ready'
        ? {
            ...s,
            page: {
              ...s.page,
              variants: s.page.variants.map((v) =>
                v.variantId === variant.variantId
                  ? {
                      ...v,
                      stock: a.qtyInStock,
                      stockState: stockState(a.qtyInStock, v.stockState),
                      waitingSignups: a.restockNotificationsSent ? 0 : v.waitingSignups,
                    }
                  : v,
              ),
            },
          }
        : s,
    );
    setAttempt((n) => n + 1);
  };

  const saveSettings = async (next: { scarcityThreshold: number; restockAutoSend: boolean }) => {
    if (!settings) return;
    setSaving({ busy: true, message: null });
    const answer = await calls.saveSettings({ version: settings.version, ...next });
    if (!answer.ok) {
      if (answer.status === 401) return signInAgain(here);
      if (answer.status === 409) {
        // Someone saved the store settings meanwhile: show theirs, and ask to save again.
        const fresh = await calls.settings();
        if (fresh.ok) setSettings(fresh.data);
      }
      return setSaving({ busy: false, message: { kind: 'error', text: answer.message }, field: answer.fieldErrors?.scarcityThreshold });
    }
    setSettings(answer.data);
    setSaving({ busy: false, message: { kind: 'ok', text: 'Settings saved.' } });
    setAttempt((n) => n + 1);
  };

  return (
    <>
      <p className="section-note">
        Stock of every variant that can sell out. Each change is kept with its reason and who made it; sales and cancellations are recorded too.
      </p>
      <p className="status inventory-notice" role="status" aria-live="polite">
        {notice}
      </p>
      <InventoryView
        language={language}
        query={query}
        state={state}
        pageNumber={cursors.length}
        onQuery={onQuery}
        onNext={(next) => setCursors((c) => [...c, next])}
        onPrevious={() => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c))}
        onRetry={() => setAttempt((n) => n + 1)}
        onAdjust={(variant) => {
          setAdjusting({ busy: false, error: null });
          setOpen({ kind: 'adjust', variant });
        }}
        onHistory={openHistory}
      />
      {settings && <SettingsForm settings={settings} busy={saving.busy} message={saving.message} fieldError={saving.field} onSave={saveSettings} />}
      {open?.kind === 'adjust' && (
        <AdjustDialog
          variant={open.variant}
          language={language}
          busy={adjusting.busy}
          error={adjusting.error}
          onSubmit={(body) => void adjust(open.variant, body)}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'history' && (
        <HistoryDialog
          variant={open.variant}
          language={language}
          timeZone={context.timeZone}
          state={history}
          onMore={(from) => {
            setHistory((h) => (h.status === 'ready' ? { ...h, loadingMore: true } : h));
            void loadHistory(open.variant, from);
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

/** The list's filters in the address, without a new entry in the browser's history. */
function replaceAddress(url: string): void {
  history.replaceState(null, '', url);
}
